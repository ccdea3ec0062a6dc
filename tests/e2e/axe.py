"""axe-core in the page: the copy that the pinned axe-playwright-python package ships (its axe.min.js),
put into the page by Playwright, never fetched at run time. The page's context must bypass the
Content-Security-Policy (the new_page fixture does, but for csp=True), which forbids an injected script."""

from __future__ import annotations

from pathlib import Path

import pytest

axe_package = pytest.importorskip("axe_playwright_python", reason="pip install -e '.[test]' (axe-core for the page)")
AXE_JS = Path(axe_package.__file__).with_name("axe.min.js").read_text(encoding="utf-8")
SERIOUS = ("serious", "critical")
ALWAYS = ("heading-order",)  # moderate in axe, but a level skipped misleads whoever moves by headings


def axe_version(page) -> str:
    inject(page)
    return page.evaluate("axe.version")


def inject(page) -> None:
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE_JS)


# experimental in axe, so off unless asked for: a control's visible text is part of its name (WCAG 2.5.3)
EXPERIMENTAL = ("label-content-name-mismatch",)


def violations(page, impacts=SERIOUS) -> list[dict]:
    """axe's violations of `impacts` on the page as it is now (the rules axe runs by default, and EXPERIMENTAL)."""
    inject(page)
    found = page.evaluate("""async rules => (await axe.run(document, {
        resultTypes: ['violations'], rules: Object.fromEntries(rules.map(r => [r, {enabled: true}]))})).violations""",
                          list(EXPERIMENTAL))
    return [v for v in found if v["impact"] in impacts or v["id"] in ALWAYS]


def report(found: list[dict]) -> str:
    lines = []
    for v in found:
        lines.append(f"{v['impact']}: {v['id']}: {v['help']} ({len(v['nodes'])} nodes)")
        for n in v["nodes"][:6]:
            why = (n.get("failureSummary") or "").replace("\n", " ")
            lines.append(f"    {' '.join(map(str, n['target']))}: {n['html'][:160]}\n        {why[:300]}")
    return "\n".join(lines)


def problems(page, where: str) -> list[str]:
    """The serious and critical violations on the page, in both themes (the page's theme follows the device's)."""
    failures = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme, reduced_motion="reduce")  # no animation caught halfway
        page.wait_for_timeout(50)
        found = violations(page)
        if found:
            failures.append(f"-- {where}, {scheme}:\n{report(found)}")
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    return failures


def assert_accessible(page, where: str, earlier: list[str] = ()) -> None:
    """No serious or critical violation on the page in either theme (nor in the `earlier` problems found)."""
    failures = [*earlier, *problems(page, where)]
    assert not failures, "accessibility problems (axe-core: serious or critical only):\n" + "\n".join(failures)
