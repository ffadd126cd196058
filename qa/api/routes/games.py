"""``GET /api/games``: the games Arbitre covers, their documents and languages, and questions to suggest."""

from __future__ import annotations

from fastapi import APIRouter

from corpus import LANGS
from engine.games import ENGINES
from qa.api.deps import ServicesDep
from qa.api.models import DocumentOut, GameOut

router = APIRouter(tags=["service"])


@router.get("/games", operation_id="games", summary="The games covered", response_model=list[GameOut])
def games(services: ServicesDep) -> list[GameOut]:
    """Each game: its names, its documents (each in its original language), the languages answers come in,
    the questions a client may suggest, and whether a rules engine computes its positions."""
    corpus = services.corpus()
    engines = {e.game for e in ENGINES}
    out = []
    for game in corpus.games.values():
        docs = [corpus.documents[d] for d in game.documents if d in corpus.documents]
        out.append(
            GameOut(
                id=game.id,
                names=dict(game.names),
                documents=[DocumentOut(id=d.id, title=d.titles.get(d.lang, d.id), lang=d.lang) for d in docs],
                languages=list(LANGS),
                suggested={lang: list(qs) for lang, qs in game.suggested.items()},
                engine=game.id in engines,
            )
        )
    return out
