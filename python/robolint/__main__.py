"""``python -m robolint``: the ``robolint`` command the wheel installed beside Python."""

import os
import shutil
import sys
import sysconfig


def main() -> None:
    name = "robolint.exe" if os.name == "nt" else "robolint"
    installed = os.path.join(sysconfig.get_path("scripts"), name)
    command = installed if os.path.isfile(installed) else shutil.which("robolint")
    if command is None:
        sys.exit("robolint: the robolint command is not installed beside this Python")
    os.execv(command, [command, *sys.argv[1:]])


if __name__ == "__main__":
    main()
