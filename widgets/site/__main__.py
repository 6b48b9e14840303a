"""``python -m widgets.site [--serve]``: see :mod:`widgets.site.build`."""
import sys

from .build import main

sys.exit(main())
