"""`Lobby`: find a class table by its code and sit at a free seat (or go back
to a seat joined before), or, for the teacher, make a table; then play it.

A student types the code the teacher shows, clicks Find the table, then
"Sit as Ana": the game's own panel opens on that seat (`at_table`), and the
seat is remembered in the student's own data folder, so that after the page
is closed the lobby offers "Back to table K3XM9A as Ana".  The teacher's
lobby (`teacher=True`) also makes a table from a game and the players' names,
and opens its projector view (`Projector`), where empty seats or those of
students who have gone are given to bots; the table's teacher token is
remembered the same way ("Back to table K3XM9A (projector)").  The service's address is `url`,
else `DICELAB_TABLES_URL`, else `http://127.0.0.1:8765` (`dicelab class serve`).
On a class server whose tables are the hub's, the hub says who the student is:
the only seat offered is their own (or the way back to it), and the hub's
teacher (`DICELAB_TABLES_TEACHERS`) alone makes tables, and opens the
projector of any table by its code.

>>> lobby = Lobby("http://127.0.0.1:1", lang="es")
>>> lobby.find_button.description, [title for title, _ in lobby.game_choice.options]
('Buscar la mesa', ['Solitaire Dice', 'Sly Dice', 'Solo'])
"""

from __future__ import annotations

import html
import os
from typing import Any

import ipywidgets as widgets

from dicelab.classroom import remembered
from dicelab.classroom.client import URL_VARIABLE, Client, hub_teachers
from dicelab.classroom.projector import Projector, public_table_class
from dicelab.classroom.seat import TableGame
from dicelab.classroom.words import TABLE_WORDS
from dicelab.core.ui.aria import Aria, aria_words
from dicelab.core.ui.callbacks import safe_callback
from dicelab.core.ui.message import MessageArea
from dicelab.core.ui.widgets import PANEL_CSS, set_visible
from dicelab.core.ui.words import COMMON_WORDS, Words, check_lang
from dicelab.errors import SettingsError
from dicelab.games import GAMES

__all__ = ["URL_VARIABLE", "Lobby", "table_games"]


def table_games() -> list[str]:
    """The games a class can play at a table: those whose panel plays a seat and
    whose projector view exists.

    >>> table_games()
    ['solitaire', 'sly-dice', 'solo']
    """
    return [
        name
        for name, info in GAMES.items()
        if hasattr(info.panel_class, "at_table") and public_table_class(name) is not None
    ]


class Lobby:
    """Join a table or make one (see the module); `panel` is the game's panel
    once seated, `projector` the teacher's view once a table is made."""

    def __init__(
        self,
        url: str | None = None,
        lang: str = "en",
        teacher: bool = False,
        watch: bool = True,
    ) -> None:
        self.url = Client.on_this_server(url).url
        self.hub_user = os.environ.get("JUPYTERHUB_USER") if self._client().on_hub else None
        if self.hub_user is not None:  # the hub's teachers alone are teachers there
            teacher = teacher and self.hub_user in hub_teachers(os.environ)
        self.lang, self.teacher, self.watch = check_lang(lang), teacher, watch
        self.words = Words(TABLE_WORDS, self.lang)
        self.errors: list[BaseException] = []
        self.panel: Any = None
        self.projector: Projector | None = None
        w = self.words
        self.title = widgets.HTML(f"<h3 style='margin:2px 0'>{html.escape(w('lobby'))}</h3>")
        self.code_text = widgets.Text(
            description=w("code"), placeholder=w("code_placeholder"), layout={"width": "22em"}
        )
        self.code_text.style.description_width = "auto"
        self.code_text.add_class("dicelab-code-input")
        self.find_button = widgets.Button(description=w("find"), icon="search")
        self.find_button.add_class("dicelab-find")
        self.find_button.on_click(lambda _b: self._on_find())
        self.seats_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", grid_gap="6px"))
        self.back_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", grid_gap="6px"))
        self.game_choice = widgets.Dropdown(
            options=[(GAMES[name].title_in(self.lang), name) for name in table_games()],
            description=w("game"),
        )
        self.players_text = widgets.Text(
            description=w("player_names"),
            placeholder=w("players_placeholder"),
            layout={"width": "24em"},
        )
        self.players_text.add_class("dicelab-players-input")
        self.create_button = widgets.Button(
            description=w("create"), icon="plus", button_style="primary"
        )
        self.create_button.add_class("dicelab-create")
        self.create_button.on_click(lambda _b: self._on_create())
        self.message = MessageArea(layout=widgets.Layout(min_height="24px"))
        row = widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 12px")
        new_table = widgets.VBox(
            [
                widgets.HTML(f"<b>{html.escape(w('new_table'))}</b>"),
                widgets.HBox([self.game_choice, self.players_text, self.create_button], layout=row),
            ]
        )
        set_visible(new_table, teacher)
        join = widgets.HBox([self.code_text, self.find_button], layout=row)
        self.lobby_box = widgets.VBox([join, self.seats_box, self.back_box, new_table])
        self.table_box = widgets.VBox()
        style = widgets.HTML(f"<style>{PANEL_CSS}</style>")
        self.aria = Aria(aria_words(Words(COMMON_WORDS, self.lang)))  # its language, for readers
        self.message.announce = self.aria.say  # and what it answers, for readers too
        self.widget = widgets.VBox(
            [style, self.aria, self.title, self.lobby_box, self.message, self.table_box]
        )
        self.widget.add_class("dicelab-lobby")
        self.widget.add_class(f"dicelab-lang-{self.lang}")
        self._offer_way_back()

    # --- a student -----------------------------------------------------------------------

    def _offer_way_back(self) -> None:
        """A button per table this user has sat at on this service (the latest first)."""
        buttons = []
        buttons = [
            self._back_button(code, player) for code, player in remembered.seats_at(self.url)[:6]
        ]
        self.back_box.children = buttons
        set_visible(self.back_box, bool(buttons))

    @safe_callback
    def _on_find(self) -> None:
        """The free seats of the table whose code is typed, a button each."""
        code = self.code_text.value.strip()
        if not code:
            self.message.info(self.words("no_table_yet"))
            return
        about = self._client().about(code)
        code = code.upper()
        game = GAMES[about["game"]].title_in(self.lang)
        buttons = []
        for player in self._free_for_me(about):
            button = widgets.Button(
                description=self.words("sit_as", name=player), icon="user", layout={"width": "auto"}
            )
            button.add_class("dicelab-sit")
            button.on_click(lambda _b, player=player: self._on_sit(code, player))
            buttons.append(button)
        buttons += self._ways_back_on_hub(code, about)
        self.seats_box.children = buttons
        if buttons:
            self.message.info(self.words("free_seats", game=game, code=code))
        else:
            self.message.error(self.words("no_free_seat", code=code))

    def _client(self) -> Client:
        return Client.on_this_server(self.url)

    def _free_for_me(self, about: dict[str, Any]) -> list[str]:
        """The free seats this user may take: any, or on the hub their own."""
        if self.hub_user is None:
            return list(about["free"])
        return [self.hub_user] if self.hub_user in about["free"] and not self.teacher else []

    def _ways_back_on_hub(self, code: str, about: dict[str, Any]) -> list[widgets.Button]:
        """On the hub: back to my seat (the hub knows it), or the teacher's projector."""
        if self.hub_user is None:
            return []
        if self.teacher:
            return [self._back_button(code, "")]
        if self.hub_user in set(about["players"]) - set(about["free"]) - set(about["bots"]):
            return [self._back_button(code, self.hub_user)]
        return []

    def _back_button(self, code: str, player: str) -> widgets.Button:
        """Back to `player`'s seat at table `code`, or (player "") to its projector."""
        words = ("back_to", player) if player else ("back_to_projector", "")
        button = widgets.Button(
            description=self.words(words[0], code=code, name=words[1]),
            icon="undo",
            layout={"width": "auto"},
        )
        button.add_class("dicelab-back")
        button.on_click(lambda _b: self._on_back(code, player))
        return button

    @safe_callback
    def _on_sit(self, code: str, player: str) -> None:
        client = self._client()
        client.join(code, player, remember=True)
        self._play(client)

    @safe_callback
    def _on_back(self, code: str, player: str) -> None:
        """Back to a seat, or (player "") to the projector of a table made here."""
        client = self._client()
        client.rejoin(code, player)
        if player:
            self._play(client)
        else:
            self.projector = Projector(client, lang=self.lang, watch=self.watch)
            self._open(self.projector.widget, self.projector.message)

    def _play(self, client: Client) -> None:
        """Open the game's panel on the seat `client` holds, in place of the lobby."""
        game = TableGame(client)
        if game.info.name not in table_games():
            raise SettingsError(f"{game.info.title} is not played at class tables yet")
        self.panel = game.info.panel_class.at_table(game, lang=self.lang, watch=self.watch)
        self._open(self.panel.widget)

    def _open(self, widget: widgets.Widget, message: MessageArea | None = None) -> None:
        """`widget` in place of the lobby; its `message` (a projector's) announced too."""
        if message is not None:
            message.announce = self.aria.say
        set_visible(self.lobby_box, False)
        self.message.clear()
        self.table_box.children = [widget]

    # --- the teacher ---------------------------------------------------------------------

    @safe_callback
    def _on_create(self) -> None:
        names = [name.strip() for name in self.players_text.value.split(",") if name.strip()]
        client = self._client()
        client.create(self.game_choice.value, names, remember=True)
        self.projector = Projector(client, lang=self.lang, watch=self.watch)
        self._open(self.projector.widget, self.projector.message)

    # --- another language --------------------------------------------------------------

    def in_language(self, lang: str) -> Lobby:
        """The lobby in another language, on the same seat or table (the panel or the
        projector built again around it), or with the same code typed."""
        lobby = Lobby(self.url, lang, self.teacher, self.watch)
        if self.panel is not None:
            lobby.panel = self.panel.in_language(lang)
            lobby._open(lobby.panel.widget)
        elif self.projector is not None:
            self.projector.stop()
            lobby.projector = Projector(self.projector.client, lang=lang, watch=self.watch)
            lobby._open(lobby.projector.widget, lobby.projector.message)
        else:
            lobby.code_text.value = self.code_text.value
            lobby.players_text.value = self.players_text.value
        return lobby
