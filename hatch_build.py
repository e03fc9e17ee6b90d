"""The optional compiled build: with ``RUMMIKIT_COMPILE=1``, mypyc compiles the modules
listed under ``[tool.hatch.build.targets.wheel.hooks.custom] compile`` in pyproject.toml.

Without the variable this hook does nothing: the wheel is the pure ``py3-none-any`` one and
no C compiler is needed. With it, the listed modules are compiled in a temporary copy of the
package (nothing is written into the source tree), their extension modules are added to the
wheel beside the sources they were compiled from (Python imports an extension module before a
source file of the same name), and the wheel is tagged for this interpreter and platform.
Editable installs and the sdist are never compiled.

``RUMMIKIT_COMPILE_JOBS`` sets how many C files are compiled at once (default 2).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "RUMMIKIT_COMPILE"
BUILD_DEPENDENCIES = ["mypy>=1.10", "setuptools>=70", "attrs>=23.1"]

# Run in a fresh interpreter inside the temporary copy: mypyc writes C, setuptools compiles it.
_COMPILE = """
import sys
from setuptools import Distribution
from mypyc.build import mypycify

out, jobs, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
# Optional extras (rich for pictures) need not be installed to compile: Any stands in.
extensions = mypycify(
    ["--ignore-missing-imports", *paths], opt_level="3", multi_file=True, target_dir="build"
)
dist = Distribution({"name": "rummikit", "ext_modules": extensions})
command = dist.get_command_obj("build_ext")
command.build_lib = out
command.build_temp = "build/temp"
command.parallel = jobs
dist.run_command("build_ext")
"""


def compile_requested() -> bool:
    return os.environ.get(SWITCH, "").strip().lower() not in ("", "0", "false", "no")


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the listed modules with mypyc when ``RUMMIKIT_COMPILE`` is set."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return list(BUILD_DEPENDENCIES) if compile_requested() else []

    def modules(self) -> list[str]:
        listed = self.config.get("compile", [])
        if not isinstance(listed, list) or not all(isinstance(m, str) for m in listed):
            raise TypeError("hooks.custom.compile is a list of module paths under src/")
        return listed

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" or not compile_requested():
            return
        work = Path(tempfile.mkdtemp(prefix="rummikit-mypyc-"))
        self._work = work
        shutil.copytree(
            Path(self.root) / "src" / "rummikit",
            work / "rummikit",
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
        )
        out = work / "out"
        jobs = os.environ.get("RUMMIKIT_COMPILE_JOBS", "2")
        self.app.display_info(f"mypyc: compiling {len(self.modules())} modules")
        done = subprocess.run(
            [sys.executable, "-c", _COMPILE, str(out), jobs, *self.modules()],
            cwd=work,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(f"mypyc failed ({SWITCH} is set):\n{done.stdout}")
        built = sorted(p for p in out.rglob("*") if p.suffix in (".so", ".pyd"))
        if not built:
            raise RuntimeError(f"mypyc built nothing:\n{done.stdout}")
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(out).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
