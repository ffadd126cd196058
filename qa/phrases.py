"""The fixed sentences of rules answers, in French and English (the composer fills in the blanks)."""

from __future__ import annotations

NO_CONTENT = {
    "fr": "Cette question ne contient aucun mot à chercher dans les règles. Pose-la avec les mots du jeu, par "
    "exemple : « Combien rapporte un jeton Or ? »",
    "en": "This question has no words to look up in the rules. Ask it with the game's words, for example: "
    "'How many points is a gold token worth?'",
}
UNKNOWN = {
    "fr": "Les règles ne le disent pas : aucun texte ne parle de {names}.",
    "en": "The rules do not say: no text mentions {names}.",
}
PART_NOT_FOUND = {
    "fr": "« {part} » : les règles ne le disent pas.",
    "en": "'{part}': the rules do not say.",
}
VERDICT = {"fr": {"yes": "Oui.", "no": "Non."}, "en": {"yes": "Yes.", "no": "No."}}
#: The no to a French question asked in the negative ("elle active pas son pouvoir ?" when it does): "Si".
CONTRADICT = {"fr": "Si.", "en": "No."}
WITHHELD = {
    "fr": "Je ne peux pas dire si ta question demande ceci ou son contraire ; la règle :",
    "en": "I can't tell whether you are asking this or its opposite; the rule:",
}
PASSAGE_WITHHELD = {
    "fr": "Les textes ne donnent pas ce oui ou ce non en toutes lettres ; le passage qui en parle :",
    "en": "The texts do not give this yes or no in so many words; the passage that bears on it:",
}
UNSETTLED = {
    "fr": "Les textes ne le disent pas. Le plus proche qu'ils disent :",
    "en": "The rules do not say. The nearest they say:",
}
NOT_FOUND = {
    "fr": "Les règles ne le disent pas : aucun passage des textes ne répond à cette question.",
    "en": "The rules do not say: no passage of the texts answers this question.",
}
NEAREST = {"fr": "Passages les plus proches : ", "en": "Nearest passages: "}
WHICH_GAME = {
    "fr": "Cette question peut concerner plusieurs jeux : de quel jeu parles-tu, {games} ?",
    "en": "This question could be about more than one game: which game do you mean, {games}?",
}
OR = {"fr": " ou ", "en": " or "}
