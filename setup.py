"""Builds the kvc Python package: the kvc._kvc extension and the pure-Python kvc package.

The extension's sources are python/src/*.cpp (globbed, as python/CMakeLists.txt globs them), over
the headers of include/ and conformance/include/; the version is read from include/kvc/version.hpp,
so the package and the headers cannot disagree.
"""

import re
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
    # -g0 after pip's -g: suites.cpp walks every descriptor with Boost.Hana, and debug information
    # triples its compile time (112 s against 38 s measured) for nothing a user needs.
    extra_compile_args=["-O2", "-g0"],
)

setup(
    version=header_version(),
    package_dir={"": "python"},
    packages=find_packages(where="python", include=["kvc", "kvc.*"]),
    package_data={"kvc": ["py.typed", "*.pyi", "**/*.pyi"]},
    ext_modules=[extension],
    cmdclass={"build_ext": build_ext},
    zip_safe=False,
)
