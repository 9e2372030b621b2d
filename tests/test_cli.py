"""The command group as a whole: every command loads, has help, and shows an example."""
import pytest
from click.testing import CliRunner

from rulecheck.cli.main import COMMANDS, cli


def test_group_help_lists_every_command():
    result = CliRunner().invoke(cli, ["--help"], catch_exceptions=False)
    assert result.exit_code == 0
    for name in COMMANDS:
        assert name in result.output


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_help_with_an_example(name):
    result = CliRunner().invoke(cli, [name, "--help"], catch_exceptions=False)
    assert result.exit_code == 0
    command = cli.get_command(None, name)
    assert command.help and command.help.strip(), f"{name} has no docstring"
    assert f"rulecheck {name}" in result.output, f"{name} --help shows no example"


def test_unknown_command_is_a_usage_error():
    result = CliRunner().invoke(cli, ["aks"])
    assert result.exit_code == 2
    assert "No such command" in result.output
