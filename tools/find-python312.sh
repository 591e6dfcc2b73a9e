#!/usr/bin/env bash
# Prints the path of a Python 3.12 or newer, for pyodide-build (which needs 3.12+; the project itself runs on
# 3.11). Looks on PATH first, then in pyenv's versions (CI machines have pyenv 3.12 and 3.13).
set -euo pipefail
candidates=()
for name in python3.14 python3.13 python3.12 python3; do
  path=$(command -v "$name" 2>/dev/null) && candidates+=("$path")
done
pyenv_root=${PYENV_ROOT:-$HOME/.pyenv}
for path in "$pyenv_root"/versions/3.1[2-9]*/bin/python3 /usr/local/bin/python3.1[2-9] /usr/bin/python3.1[2-9]; do
  [ -x "$path" ] && candidates+=("$path")
done
for path in "${candidates[@]}"; do
  if "$path" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
    echo "$path"
    exit 0
  fi
done
echo "find-python312: no Python 3.12+ found on PATH or in $pyenv_root/versions (pyodide-build needs one)" >&2
exit 1
