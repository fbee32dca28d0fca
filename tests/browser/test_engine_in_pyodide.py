"""The engine under Pyodide's CPython 3.14 deals and plays exactly as under CPython here.

Links replay moves and bot turns on other devices, so a seed and a bot must give the same game in
the browser as on the host. Whole bot rounds are played through the worker and their final
states compared with the same rounds played here.
"""

import json

import pytest
from conftest import BOOT_TIMEOUT_MS

import rummy
from rummy import bots

CASES = [("basic", 3, {"max_rebuilds": 2}), ("rummy200", 4, {}), ("rummy101", 4, {})]


def host_round(variant, players, options):
    g = rummy.new_game(variant, players=players, seed=2024, options=options)
    while not g.round_over:
        seat = g.current_player
        g.apply(bots.decide(g.view(seat), "hard", seed=seat))
    return g.state()


@pytest.mark.parametrize(("variant", "players", "options"), CASES)
def test_a_hard_bot_round_is_identical_in_pyodide(page, site_url, variant, players, options):
    page.goto(site_url)
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS
    )
    state = page.evaluate(
        """async ([variant, players, options]) => {
            const { bootEngine } = await import('./web/engine-client.js');
            const engine = bootEngine();
            let { game, view } = await engine.call('new_game',
                { variant, players, options, seed: 2024 });
            while (!view.round_over) {
                const seat = view.current_player;
                ({ view } = await engine.call('bot', { game, level: 'hard', seed: seat }));
            }
            const { state } = await engine.call('state', { game });
            engine.terminate();
            return state;
        }""",
        [variant, players, options],
    )
    expected = host_round(variant, players, options)
    assert json.dumps(state, sort_keys=True) == json.dumps(expected, sort_keys=True)
