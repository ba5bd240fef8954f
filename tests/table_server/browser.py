"""Debian's Chromium, headless at a phone's size, through its chromedriver (selenium)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PHONE = (390, 844)


def need_chromium() -> None:
    """Skip without Chromium, except where CI installed it (M3DESK_BROWSER_TESTS=1): fail."""
    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        if os.environ.get("M3DESK_BROWSER_TESTS") == "1":
            pytest.fail("M3DESK_BROWSER_TESTS=1 but chromium or chromedriver is missing")
        pytest.skip(
            "Debian's chromium and chromium-driver are not installed "
            "(.ci/run installs them: apt-get install chromium chromium-driver)"
        )


@contextmanager
def phone_browser(profile: Path, *, dark: bool = False) -> Iterator[Any]:
    need_chromium()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        f"--window-size={PHONE[0]},{PHONE[1]}",
        "--hide-scrollbars",
        "--force-device-scale-factor=2",
    ):
        options.add_argument(argument)
    if dark:
        options.add_argument("--force-dark-mode")
        options.add_argument("--blink-settings=preferredColorScheme=0")
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        driver.set_window_size(*PHONE)
        if dark:
            driver.execute_cdp_cmd(
                "Emulation.setEmulatedMedia",
                {"features": [{"name": "prefers-color-scheme", "value": "dark"}]},
            )
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 2, "mobile": True},
        )
        yield driver
    finally:
        driver.quit()
