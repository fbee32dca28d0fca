// web/ui/controller.js's messages, in Node: what the table says after a press lasts as long as
// what it says is true.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { TableController } from '../../web/ui/controller.js';

const view = (current) => ({ seat: 0, current_player: current, phase: 'draw', hand: ['H5'] });

function controller() {
  const ctl = new TableController({ engine: null, onChange() {}, choose: null, prefs: { get: () => ({}) }, t: (k) => k });
  ctl.record = { viewer: 0 };
  ctl.setView(view(1));
  return ctl;
}

test('an answer to a press goes once the turn moves on; a refusal and a problem stay', () => {
  const ctl = controller();
  ctl.say('Not your turn: Ana is playing.', 'meld:1', 'info');
  ctl.setView(view(1)); // the same turn, seen again: still true
  assert.equal(ctl.message?.text, 'Not your turn: Ana is playing.');
  ctl.setView(view(0)); // Ana has played
  assert.equal(ctl.message, null);
  ctl.say('Not your turn: Ana is playing.', 'meld:1', 'info');
  ctl.setView({ ...view(0), round_over: true }); // Ana went out
  assert.equal(ctl.message, null);

  ctl.say('Could not save the game.', 'status', 'error');
  ctl.setView(view(1));
  assert.equal(ctl.message?.text, 'Could not save the game.');
});
