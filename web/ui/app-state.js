/**
 * What the app shell knows besides the game: one object, every field declared here. The game
 * itself (record, view, hand, hint, replay) is the TableController's; play by link and the
 * invitation keep their own state in their modules (link-play.js, invite-play.js).
 */
export function createAppState() {
  return {
    screen: 'start', // 'start' | 'howto' | 'table' | 'invite' | 'resuming' (the sheet is the table's)
    resumingText: null, // what 'resuming' says, when not 'resume.returning' (a link being opened)
    returnTo: 'start', // where How to play's "Back" goes: 'start' | 'table'
    howtoVariant: 'basic',
    setup: null, // the start screen's choices (setup.js normalizeSetup)
    busy: false, // a match is being started or reopened
    error: null, // the start screen's refusal: {say(t): its words, field: the field it is about, if one}
    startNotice: null, // the start screen's note after leaving a match: its message key ("games.kept")
    confirmDelete: null, // the games list's key awaiting "Delete?" confirmation
    dataMessage: null, // the games list's message: {kind: 'info'|'error', say(t): its words}
    focusNext: null, // data-fk of the control a screen opened for: focused and brought into view
    dialog: null, // {kind:'menu'} | {kind:'choose', title, options, resolve} | {kind:'scores'}
    dragging: false, // a piece is being dragged: renders wait for the drop
    pendingRender: false, // a render was asked for during the drag
    bots: null, // whether the engine has computer players (its version op), null until known
    engineReady: false, // the engine has answered its first call
    engineProgress: null, // the engine's start-up step ({step, loaded, total}: web/main.js engine-progress)
    firstVisitSeen: false, // a first visit's start-screen notice has been left (it is not shown again)
  };
}
