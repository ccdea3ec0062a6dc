"""`lama join`: play a seat of an online table (lama-web/1) at this terminal, or let a local bot
play it. The protocol's client is lama.online; the terminal's screen is lama.tui's."""

from __future__ import annotations

import sys

from lama.i18n import _

from .types import add_lang_argument

EXTRA = "pip install 'lama[web]'"


def add_arguments(p) -> None:
    p.description = _("Take or continue a seat of an online table served by {serve}: give the table's invitation "
                      "link or your seat's link, as the page shows them. You play it here, with the screen and "
                      "moves of {play}; with {bot} a local bot plays it (several links: one seat each, at "
                      "once).").format(serve="lama serve", play="lama play", bot="--bot")
    p.add_argument("links", nargs="+", metavar="LINK",
                   help=_("a table's link: {invite} (a free seat) or {token} (your seat)").format(
                       invite="…/tables/ID#invite=…", token="…/tables/ID#token=…"))
    p.add_argument("--bot", metavar="BOT",
                   help=_("let this bot play the seat: a name or level ({example}) or {module}").format(
                       example="hard", module="module:callable"))
    p.add_argument("--name", help=_("your name at the table (default: the bot's, or {name})").format(name="Player"))
    p.add_argument("--seed", type=int, help=_("the seed of the bots' own choices"))
    add_lang_argument(p)
    p.set_defaults(func=cmd_join)


def _fail(message: str) -> int:
    print("lama join: " + " ".join(str(message).split()), file=sys.stderr)
    return 2


def cmd_join(args, console=None, input_fn=None) -> int:
    try:
        import websockets.sync.client  # noqa: F401 - the web extra's
    except ImportError:
        return _fail(_("playing online needs the web extra ({install})").format(install=EXTRA))
    from lama import i18n
    from lama.online.link import JoinError, parse_link

    try:
        links = [parse_link(text) for text in args.links]
    except JoinError as e:
        return _fail(str(e))
    lang = i18n.language()
    if args.bot is None:
        if len(links) > 1:
            return _fail(_("one link at a time at the terminal; several are for bots ({bot})").format(bot="--bot"))
        from lama.tui.online import play_online

        return play_online(links[0], args.name or "Player", lang, console=console, input_fn=input_fn)
    return _bots(args, links, lang)


def _bots(args, links, lang: str) -> int:
    from lama.bots import UnknownBot, load_bot
    from lama.i18n.reasons import refusal_text
    from lama.online.botseat import play_bots

    try:
        load_bot(args.bot)
    except UnknownBot as e:
        return _fail(refusal_text(e))
    name = args.name or args.bot.rpartition(":")[2].replace("_", " ").capitalize() or "Bot"

    def notice(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    outcomes = play_bots(links, lambda: load_bot(args.bot), name, lang, args.seed, on_notice=notice)
    for outcome in outcomes:
        print(("lama join: " if outcome.error else "") + outcome.line(), file=sys.stderr if outcome.error else
              sys.stdout, flush=True)
    return 1 if any(o.error for o in outcomes) else 0
