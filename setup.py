"""Builds the kvc Python package: the kvc._kvc extension and the pure-Python kvc package.

The extension's sources are python/src/*.cpp (globbed, as python/CMakeLists.txt globs them) and the
run-time checks of the kvc::conformance library (conformance/src: kvc::check, kvc::explore and the
stateful checks, compiled once for every table of the spec list), over the headers of include/ and
conformance/include/ and Boost.Hana; the version is read from include/kvc/version.hpp, so the
package and the headers cannot disagree.
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


def sources():
    """The binding's sources, then the library's (kvc-vectors' JSON writer left out: the module
    does not use it). Relative paths: setuptools refuses absolute source paths in a distribution."""
    binding = sorted((ROOT / "python" / "src").glob("*.cpp"))
    library = [path for folder in ("", "specs", "stateful")
               for path in sorted((ROOT / "conformance" / "src" / folder).glob("*.cpp"))
               if path.name != "vectors.cpp"]
    return [str(path.relative_to(ROOT)) for path in binding + library]


# The sources compiled with -O1: the contracts' bindings, where a call's time is spent on NumPy
# buffers. Everything else at -O0: the suites' data is built once, at import, and a Python
# function's exploration or stateful check spends its time in Python calls.
OPTIMIZED = {"contracts.cpp", "positions.cpp"}

extension = Pybind11Extension(
    "kvc._kvc",
    sources(),
    include_dirs=["include", "conformance/include"],
    cxx_std=20,
    # -g0 after pip's -g: debug information doubles the compile time for nothing a user needs.
    extra_compile_args=["-g0"],
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
        # The heaviest sources first, so that the last one to finish is a light one.
        heaviest = ("kvc_binding.cpp", "contracts.cpp", "positions.cpp", "request_admission.cpp",
                    "append_admission.cpp", "batch_admission.cpp")
        rank = {name: i for i, name in enumerate(heaviest)}
        order = sorted(build, key=lambda obj: rank.get(Path(build[obj][0]).name, len(heaviest)))
        start, done = time.monotonic(), [0]

        def one(obj):
            source, ext = build[obj]
            began = time.monotonic()
            flags = extra_postargs + (["-O1"] if Path(source).name in OPTIMIZED else ["-O0"])
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


def joined_binding(ext, build_temp):
    """``ext`` with the binding's unoptimized sources compiled as one unit (written under
    ``build_temp``, including each of them): each would parse pybind11's headers again, which
    costs more than compiling what they hold."""
    binding = [s for s in ext.sources
               if Path(s).parent == Path("python/src") and Path(s).name not in OPTIMIZED]
    unit = Path(build_temp) / "kvc_binding.cpp"
    unit.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(f'#include "{(ROOT / s).as_posix()}"\n' for s in binding)
    if not unit.exists() or unit.read_text() != text:
        unit.write_text(text)
    ext.sources = [s for s in ext.sources if s not in binding] + [str(unit)]


class parallel_build_ext(build_ext):
    def build_extensions(self):
        compile_in_parallel(self.compiler)
        for ext in self.extensions:
            joined_binding(ext, self.build_temp)
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
