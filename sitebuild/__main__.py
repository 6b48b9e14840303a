"""``python -m sitebuild [--serve]`` (``python3 run.py site``): see :mod:`sitebuild.build`."""
import sys

from .build import main

sys.exit(main())
