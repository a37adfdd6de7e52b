"""`cardroom bench` and `cardroom emojis`: the `tools` package plugged in through the `cardroom.tools` entry points,
and one clear line with a non-zero status where the tools are not installed (the bot's image)."""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points

import pytest

from bot import __main__ as cli

CALLS: list[list[str]] = []


def fake_tool(argv: list[str]) -> int:
    CALLS.append(argv)
    return 7


def test_the_tools_are_the_entry_points_of_the_tools_package() -> None:
    found = {point.name: point.value for point in entry_points(group=cli.TOOLS)}
    assert found == {"bench": "tools.bench:main", "emojis": "tools.emojis.draw:main"}
    from tools.bench import main as bench
    from tools.emojis.draw import main as emojis

    assert entry_points(group=cli.TOOLS, name="bench")["bench"].load() is bench
    assert entry_points(group=cli.TOOLS, name="emojis")["emojis"].load() is emojis


def test_a_tool_gets_its_own_arguments_and_gives_its_status(monkeypatch: pytest.MonkeyPatch) -> None:
    point = EntryPoint(name="bench", value=f"{__name__}:fake_tool", group=cli.TOOLS)
    monkeypatch.setattr(cli, "entry_points", lambda **_: [point])
    CALLS.clear()
    assert cli.main(["bench", "--quick", "--only", "core"]) == 7
    assert CALLS == [["--quick", "--only", "core"]]


@pytest.mark.parametrize("command", ["bench", "emojis"])
def test_without_the_entry_point_the_tool_says_it_is_not_installed(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "entry_points", lambda **_: [])
    assert cli.main([command, "draw"]) == cli.EXIT_NO_TOOL != 0
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"cardroom: `cardroom {command}` is a tool that is not installed here;")


def test_with_the_entry_point_but_no_tools_package_the_tool_says_it_is_not_installed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The image: pyproject.toml declares the entry points, but `tools/` was never copied in."""
    point = EntryPoint(name="bench", value="cardroom_tools_not_here.bench:main", group=cli.TOOLS)
    monkeypatch.setattr(cli, "entry_points", lambda **_: [point])
    assert cli.main(["bench", "--quick"]) == cli.EXIT_NO_TOOL
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert "not installed here (no module cardroom_tools_not_here)" in err
