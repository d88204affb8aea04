"""Settings: the environment over .env, defaults, and one clear sentence per mistake."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.settings import (
    TEST_ENDPOINTS,
    TEST_ENDPOINTS_SWITCH,
    Settings,
    SettingsError,
    load_settings,
    web_sign_in_gaps,
)

ROOT = Path(__file__).resolve().parents[2]
NO_FILE = None


def test_only_the_token_is_required_and_everything_else_has_its_default() -> None:
    assert load_settings({"DISCORD_TOKEN": "abc"}, NO_FILE) == Settings(discord_token="abc")


def test_missing_token_names_the_variable_in_one_sentence() -> None:
    with pytest.raises(SettingsError) as caught:
        load_settings({}, NO_FILE)
    sentence = str(caught.value)
    assert sentence.startswith("DISCORD_TOKEN is missing")
    assert sentence.endswith(".") and not re.search(r"[.!?]\s", sentence) and "\n" not in sentence


def test_an_empty_token_counts_as_missing() -> None:
    with pytest.raises(SettingsError, match="DISCORD_TOKEN"):
        load_settings({"DISCORD_TOKEN": "  "}, NO_FILE)


@pytest.mark.parametrize(
    ("name", "raw", "expected"),
    [
        (
            "CROUPIER_DEFAULT_SEATS",
            "abc",
            "CROUPIER_DEFAULT_SEATS must be a whole number from 2 to 10, not 'abc'.",
        ),
        (
            "CROUPIER_DEFAULT_SEATS",
            "11",
            "CROUPIER_DEFAULT_SEATS must be a whole number from 2 to 10, not '11'.",
        ),
        (
            "CROUPIER_STARTING_CHIPS",
            "1.5",
            "CROUPIER_STARTING_CHIPS must be a whole number from 0 to 1,000,000,000, not '1.5'.",
        ),
        (
            "CROUPIER_DEFAULT_ACTION_SECONDS",
            "٣٠",
            "CROUPIER_DEFAULT_ACTION_SECONDS must be a whole number from 5 to 600, not '٣٠'.",
        ),
        (
            "CROUPIER_SYNC_GLOBAL",
            "maybe",
            "CROUPIER_SYNC_GLOBAL must be true or false, not 'maybe'.",
        ),
        (
            "CROUPIER_DEV_GUILD",
            "my-server",
            "CROUPIER_DEV_GUILD must be a Discord server id (a positive whole number), "
            "not 'my-server'.",
        ),
        (
            "CROUPIER_LOG_LEVEL",
            "loud",
            "CROUPIER_LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR or CRITICAL, "
            "not 'loud'.",
        ),
        (
            "DISCORD_API_BASE",
            "127.0.0.1:8080",
            "DISCORD_API_BASE must be a URL starting with http:// or https://, "
            "not '127.0.0.1:8080'.",
        ),
        (
            "DISCORD_GATEWAY_URL",
            "http://127.0.0.1/gateway",
            "DISCORD_GATEWAY_URL must be a URL starting with ws:// or wss://, "
            "not 'http://127.0.0.1/gateway'.",
        ),
    ],
)
def test_a_malformed_setting_gives_one_sentence_naming_it(
    name: str, raw: str, expected: str
) -> None:
    switch = {TEST_ENDPOINTS_SWITCH: "true"} if name in TEST_ENDPOINTS else {}
    with pytest.raises(SettingsError) as caught:
        load_settings({"DISCORD_TOKEN": "abc", name: raw, **switch}, NO_FILE)
    assert str(caught.value) == expected


def test_settings_that_contradict_each_other_are_refused() -> None:
    with pytest.raises(SettingsError) as caught:
        load_settings({"DISCORD_TOKEN": "abc", "CROUPIER_DEFAULT_MIN_BUY_IN": "2000"}, NO_FILE)
    assert str(caught.value) == (
        "CROUPIER_DEFAULT_MIN_BUY_IN (2,000) must not be more than "
        "CROUPIER_DEFAULT_MAX_BUY_IN (1,000)."
    )


def test_the_sentence_reads_in_german_too() -> None:
    with pytest.raises(SettingsError) as caught:
        load_settings({"DISCORD_TOKEN": "abc", "CROUPIER_DEFAULT_SEATS": "abc"}, NO_FILE)
    assert caught.value.sentence("de") == (
        "CROUPIER_DEFAULT_SEATS muss eine ganze Zahl von 2 bis 10 sein, nicht 'abc'."
    )


def test_values_are_parsed() -> None:
    settings = load_settings(
        {
            "DISCORD_TOKEN": "abc",
            "CROUPIER_DATABASE": "/tmp/x.db",
            "CROUPIER_DEV_GUILD": "123456789012345678",
            "CROUPIER_LOG_LEVEL": "debug",
            "CROUPIER_SYNC_GLOBAL": "Yes",
            "CROUPIER_DEFAULT_SEATS": " 6 ",
            "DISCORD_API_BASE": "http://127.0.0.1:9999/api/v10/",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9999/gateway",
            "CROUPIER_ALLOW_TEST_ENDPOINTS": "true",
        },
        NO_FILE,
    )
    assert settings.database_path == Path("/tmp/x.db")
    assert settings.dev_guild_id == 123456789012345678
    assert settings.log_level == "DEBUG"
    assert settings.sync_global is True
    assert settings.default_seats == 6
    assert settings.discord_api_base == "http://127.0.0.1:9999/api/v10"
    assert settings.discord_gateway_url == "ws://127.0.0.1:9999/gateway"


def test_the_environment_wins_over_the_env_file(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nCROUPIER_DAILY_CHIPS=250\nCROUPIER_SEATS=\n")
    from_file = load_settings({}, env_file)
    assert (from_file.discord_token, from_file.daily_chips) == ("from-file", 250)
    overridden = load_settings({"CROUPIER_DAILY_CHIPS": "300"}, env_file)
    assert (overridden.discord_token, overridden.daily_chips) == ("from-file", 300)


def test_the_token_is_kept_out_of_repr() -> None:
    assert "sekrit" not in repr(Settings(discord_token="sekrit"))


def test_env_example_documents_every_setting_with_its_default() -> None:
    """... every setting an operator sets, and none of the test-only ones."""
    example = ROOT / ".env.example"
    lines = example.read_text().splitlines()
    variables = [m.group(1) for line in lines if (m := re.match(r"([A-Z_]+)=", line))]
    source = (ROOT / "bot" / "settings.py").read_text()
    read_by_loader = set(re.findall(r'"((?:CROUPIER|DISCORD)_[A-Z_]+)"', source))
    test_only = {*TEST_ENDPOINTS, TEST_ENDPOINTS_SWITCH}
    assert test_only <= read_by_loader
    assert set(variables) == read_by_loader - test_only
    for index, line in enumerate(lines):
        if re.match(r"[A-Z_]+=", line):
            assert lines[index - 1].startswith("# "), f"{line} has no comment line"
    documented = load_settings({"DISCORD_TOKEN": "abc"}, example)
    assert documented == Settings(discord_token="abc")


FAKE = {
    "DISCORD_API_BASE": "http://127.0.0.1:9999/api/v10",
    "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9999/gateway",
}


def test_a_planted_env_file_cannot_send_the_token_elsewhere(tmp_path: Path) -> None:
    """The test endpoints in .env are ignored, even with the switch in the environment."""
    env_file = tmp_path / ".env"
    env_file.write_text(
        "DISCORD_TOKEN=abc\n"
        "DISCORD_API_BASE=http://evil.example/api/v10\n"
        "DISCORD_GATEWAY_URL=wss://evil.example/gateway\n"
        "CROUPIER_ALLOW_TEST_ENDPOINTS=true\n"
    )
    for environment in ({}, {TEST_ENDPOINTS_SWITCH: "true"}):
        settings = load_settings(environment, env_file)
        assert settings.discord_api_base is None
        assert settings.discord_gateway_url is None
        assert settings.ignored_settings == TEST_ENDPOINTS


def test_the_test_endpoints_need_the_switch_in_the_environment() -> None:
    without = load_settings({"DISCORD_TOKEN": "abc", **FAKE}, NO_FILE)
    assert (without.discord_api_base, without.discord_gateway_url) == (None, None)
    assert without.ignored_settings == TEST_ENDPOINTS
    switched_off = load_settings(
        {"DISCORD_TOKEN": "abc", **FAKE, TEST_ENDPOINTS_SWITCH: "false"}, NO_FILE
    )
    assert switched_off.discord_api_base is None
    with_switch = load_settings(
        {"DISCORD_TOKEN": "abc", **FAKE, TEST_ENDPOINTS_SWITCH: "1"}, NO_FILE
    )
    assert with_switch.discord_api_base == FAKE["DISCORD_API_BASE"]
    assert with_switch.discord_gateway_url == FAKE["DISCORD_GATEWAY_URL"]
    assert with_switch.ignored_settings == ()


def test_library_logging_and_table_limits_are_settings() -> None:
    settings = load_settings(
        {
            "DISCORD_TOKEN": "abc",
            "CROUPIER_LIBRARY_LOG_LEVEL": "warning",
            "CROUPIER_MAX_TABLES_PER_MEMBER": "1",
            "CROUPIER_MAX_TABLES_PER_SERVER": "0",
        },
        NO_FILE,
    )
    assert settings.library_log_level == "WARNING"
    assert (settings.max_tables_per_member, settings.max_tables_per_server) == (1, 0)
    with pytest.raises(SettingsError) as caught:
        load_settings({"DISCORD_TOKEN": "abc", "CROUPIER_LIBRARY_LOG_LEVEL": "chatty"}, NO_FILE)
    assert str(caught.value).startswith("CROUPIER_LIBRARY_LOG_LEVEL must be one of")


def test_a_postgresql_url_names_the_database_and_its_password_stays_out_of_sight() -> None:
    url = "postgresql://croupier:s3cret@db.example:5432/croupier"
    settings = load_settings({"DISCORD_TOKEN": "abc", "CROUPIER_DATABASE": url}, NO_FILE)
    assert settings.database_url == url
    assert settings.database == url
    assert "s3cret" not in repr(settings)
    plain = load_settings({"DISCORD_TOKEN": "abc", "CROUPIER_DATABASE": "data/c.db"}, NO_FILE)
    assert (plain.database_url, plain.database) == (None, Path("data/c.db"))


# -- shards and processes (issue 16) ---------------------------------------------

POSTGRESQL = {"CROUPIER_DATABASE": "postgresql://croupier@localhost/croupier"}


def test_without_shard_settings_one_process_runs_every_shard_and_every_table() -> None:
    shards = load_settings({"DISCORD_TOKEN": "abc"}, None).shards
    assert (shards.count, shards.shard_ids, shards.everything) == (None, None, True)
    assert shards.lease_names == ("bot",)
    assert shards.owns(1 << 22) and shards.owns(2 << 22)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("0,1", (0, 1)), ("1", (1,)), ("2-3", (2, 3)), (" 0 , 2-3 ", (0, 2, 3)), ("1,1", (1,))],
)
def test_the_shard_ids_are_a_list_or_a_range(raw: str, expected: tuple[int, ...]) -> None:
    environment = {"DISCORD_TOKEN": "abc", "CROUPIER_SHARD_COUNT": "4", "CROUPIER_SHARD_IDS": raw}
    shards = load_settings(environment | POSTGRESQL, None).shards
    assert shards.shard_ids == expected
    assert shards.lease_names == tuple(f"shard:{shard}" for shard in expected)


def test_a_shard_count_alone_runs_every_shard_here_even_on_sqlite() -> None:
    shards = load_settings({"DISCORD_TOKEN": "abc", "CROUPIER_SHARD_COUNT": "2"}, None).shards
    assert shards.shard_ids == (0, 1) and shards.everything
    assert shards.lease_names == ("shard:0", "shard:1")


@pytest.mark.parametrize(
    ("environment", "sentence"),
    [
        (
            {"CROUPIER_SHARD_IDS": "0"},
            "CROUPIER_SHARD_IDS needs CROUPIER_SHARD_COUNT too: set it to the number of shards "
            "all processes share.",
        ),
        (
            {"CROUPIER_SHARD_COUNT": "2", "CROUPIER_SHARD_IDS": "1-2"} | POSTGRESQL,
            "CROUPIER_SHARD_IDS names shard 2, but CROUPIER_SHARD_COUNT=2 has shards 0 to 1 only.",
        ),
        (
            {"CROUPIER_SHARD_COUNT": "2", "CROUPIER_SHARD_IDS": "one"},
            "CROUPIER_SHARD_IDS must list shard numbers such as 0,1 or 0-3, not 'one'.",
        ),
        (
            {"CROUPIER_SHARD_COUNT": "2", "CROUPIER_SHARD_IDS": "3-1"},
            "CROUPIER_SHARD_IDS must list shard numbers such as 0,1 or 0-3, not '3-1'.",
        ),
        (
            {"CROUPIER_SHARD_COUNT": "0"},
            "CROUPIER_SHARD_COUNT must be a whole number from 1 to 4,096, not '0'.",
        ),
        (
            {"CROUPIER_SHARD_COUNT": "2", "CROUPIER_SHARD_IDS": "1"},
            "CROUPIER_SHARD_IDS leaves some of the 2 shards to other processes, and a SQLite "
            "file serves one process only: set CROUPIER_DATABASE to a PostgreSQL URL "
            "(docs/OPERATORS.md, Several processes).",
        ),
    ],
)
def test_shard_settings_that_cannot_work_are_refused_in_one_sentence(
    environment: dict[str, str], sentence: str
) -> None:
    with pytest.raises(SettingsError) as refused:
        load_settings({"DISCORD_TOKEN": "abc"} | environment, None)
    assert str(refused.value) == sentence


# -- the web room's public address and Discord sign-in (issue 26) --------------


def test_sign_in_settings_are_off_by_default_and_read_when_set() -> None:
    plain = load_settings({"DISCORD_TOKEN": "abc"}, NO_FILE)
    assert (plain.public_url, plain.client_id, plain.client_secret) == (None, None, None)
    assert web_sign_in_gaps(plain) == ()
    settings = load_settings(
        {
            "DISCORD_TOKEN": "abc",
            "CROUPIER_WEB_PORT": "8080",
            "CROUPIER_PUBLIC_URL": "https://poker.example.org/",
            "CROUPIER_CLIENT_ID": "1234567890",
            "CROUPIER_CLIENT_SECRET": "sEcReT-oauth-value",
        },
        NO_FILE,
    )
    assert settings.public_url == "https://poker.example.org"
    assert settings.client_id == "1234567890"
    assert settings.client_secret == "sEcReT-oauth-value"
    assert "sEcReT-oauth-value" not in repr(settings)
    assert web_sign_in_gaps(settings) == ()


@pytest.mark.parametrize(
    ("name", "raw", "start"),
    [
        ("CROUPIER_PUBLIC_URL", "poker.example.org", "CROUPIER_PUBLIC_URL must be a URL"),
        ("CROUPIER_PUBLIC_URL", "https://x.org/?a=1", "CROUPIER_PUBLIC_URL must be the web"),
        ("CROUPIER_PUBLIC_URL", "https://x.org/poker", "CROUPIER_PUBLIC_URL must be the web"),
        ("CROUPIER_CLIENT_ID", "my-app", "CROUPIER_CLIENT_ID must be the application's id"),
    ],
)
def test_a_malformed_sign_in_setting_is_named(name: str, raw: str, start: str) -> None:
    with pytest.raises(SettingsError) as caught:
        load_settings({"DISCORD_TOKEN": "abc", name: raw}, NO_FILE)
    assert str(caught.value).startswith(start)
    assert raw in str(caught.value)


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ({"CROUPIER_PUBLIC_URL": "https://p.org"}, "CROUPIER_WEB_PORT is 0"),
        (
            {"CROUPIER_PUBLIC_URL": "https://p.org", "CROUPIER_WEB_PORT": "8080"},
            "CROUPIER_CLIENT_SECRET is not set",
        ),
        (
            {"CROUPIER_CLIENT_SECRET": "s3cr3t-x", "CROUPIER_WEB_PORT": "8080"},
            "CROUPIER_PUBLIC_URL",
        ),
    ],
)
def test_a_missing_piece_of_sign_in_is_said_once_and_the_secret_never(
    given: dict[str, str], says: str
) -> None:
    settings = load_settings({"DISCORD_TOKEN": "abc", **given}, NO_FILE)
    (gap,) = web_sign_in_gaps(settings)
    assert says in gap
    assert "s3cr3t-x" not in gap
