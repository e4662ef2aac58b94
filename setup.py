"""Builds the kvc Python package: the kvc._kvc extension and the pure-Python kvc package.

The extension's sources are python/src/*.cpp (globbed, as python/CMakeLists.txt globs them), over
the headers of include/ and conformance/include/; the version is read from include/kvc/version.hpp,
so the package and the headers cannot disagree.
"""

import os
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from pybind11.setup_helpers import Pybind11Extension, build_ext
from setuptools import find_packages, setup

ROOT = Path(__file__).resolve().parent


def header_version() -> str:
    text = (ROOT / "include" / "kvc" / "version.hpp").read_text()
    parts = [
        re.search(rf"#define KVC_VERSION_{part} (\d+)", text).group(1)
        for part in ("MAJOR", "MINOR", "PATCH")
    ]
    return ".".join(parts)


extension = Pybind11Extension(
    "kvc._kvc",
    # Relative paths: setuptools refuses absolute source paths in a distribution.
    sorted(str(path.relative_to(ROOT)) for path in (ROOT / "python" / "src").glob("*.cpp")),
    include_dirs=["include", "conformance/include"],
    cxx_std=20,
    # -g0 after pip's -g: the suite parts walk every suite with Boost.Hana, and debug information
    # triples its compile time for nothing a user needs. -O1: the bindings spend their time in
    # Python calls and NumPy buffers, and -O2 costs half as much again to compile.
    extra_compile_args=["-O1", "-g0"],
)


def compile_in_parallel(compiler):
    """Makes `compiler.compile` build its sources on KVC_BUILD_JOBS threads (default: every core),
    the slowest first, printing one line per source as it finishes (pip shows them with -v)."""

    def compile_sources(sources, output_dir=None, macros=None, include_dirs=None, debug=False,
                        extra_preargs=None, extra_postargs=None, depends=None):
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
        jobs = int(os.environ.get("KVC_BUILD_JOBS", "0")) or os.cpu_count() or 1
        # The heaviest sources first (as measured), so that the last one to finish is a light one.
        heaviest = ("positions.cpp", "contracts.cpp", "block_pool.cpp", "exploration_part_1.cpp",
                    "exploration_part_8.cpp", "exploration_part_9.cpp", "suites_part_3.cpp",
                    "suites_part_4.cpp", "exploration.cpp", "suites_part_7.cpp")
        rank = {name: i for i, name in enumerate(heaviest)}
        order = sorted(build, key=lambda obj: rank.get(Path(build[obj][0]).name, len(heaviest)))
        start, done = time.monotonic(), [0]

        def one(obj):
            source, ext = build[obj]
            began = time.monotonic()
            # The suites' parts build the fixtures' Python data once, at import: unoptimized, they
            # compile in two thirds of the time and under 500 MB each.
            flags = extra_postargs + (["-O0"] if Path(source).name.startswith("suites_part_") else [])
            compiler._compile(obj, source, ext, cc_args, flags, pp_opts)
            done[0] += 1
            print(f"kvc: [{done[0]}/{len(order)}] {source} compiled in "
                  f"{time.monotonic() - began:.0f} s ({time.monotonic() - start:.0f} s so far)",
                  file=sys.stderr, flush=True)

        print(f"kvc: compiling {len(order)} sources of the extension on {jobs} threads",
              file=sys.stderr, flush=True)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for result in pool.map(one, order):
                pass
        return objects

    compiler.compile = compile_sources


class parallel_build_ext(build_ext):
    def build_extensions(self):
        compile_in_parallel(self.compiler)
        super().build_extensions()

setup(
    version=header_version(),
    package_dir={"": "python"},
    packages=find_packages(where="python", include=["kvc", "kvc.*"]),
    package_data={"kvc": ["py.typed", "*.pyi", "**/*.pyi"]},
    ext_modules=[extension],
    cmdclass={"build_ext": parallel_build_ext},
    zip_safe=False,
)
