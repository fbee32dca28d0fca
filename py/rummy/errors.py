"""The one exception the engine raises for anything a player or caller got wrong."""


class IllegalMove(ValueError):
    """An action, option or input that the rules do not allow.

    The message is meant for a player ("You must draw before you discard"). The game that
    raised it is left exactly as it was before the call.
    """


class InvalidState(ValueError):
    """A saved game or link that is damaged, tampered with or from an unknown version."""
