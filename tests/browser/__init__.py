"""Real-browser tests: Voila on a free loopback port, driven through Debian's Chromium."""
