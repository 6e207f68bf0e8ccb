"""``python -m console GAME …``: play offline in the terminal (as ``python -m bot --local``)."""

from __future__ import annotations

import logging
import sys

from console import app
from service.common.settings import load_shared


def main() -> int:
    settings = load_shared()
    logging.basicConfig(level=logging.WARNING)
    return app.main(sys.argv[1:], settings.database_path, settings.boards_dir)


if __name__ == "__main__":
    sys.exit(main())
