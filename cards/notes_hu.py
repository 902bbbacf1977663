"""Hungarian for the English notes in the rulebook card data (a Hungarian page
read "Miért ismeretlen: not in the rulebook" and English card notes).

The fixtures keep their English notes (the API's `notes` and provenance stay as they are);
the pages show these words on Hungarian pages. A note not listed here is shown as written.
"""

from __future__ import annotations

NOTES_HU: dict[str, str] = {
    # provenance: why a value is unknown
    "not in the rulebook": "nem szerepel a szabálykönyvben",
    "no English printing is known": "angol kiadása nem ismert",
    "rule from example wording": "a szabály a példa szövegéből",
    "Laci's credits before playing it are not given":
        "nem derül ki, hány creditje volt Lacinak a kijátszása előtt",
    "the printed text is not in the rulebook; it only describes the card in a worked example "
    "(see the notes)":
        "a nyomtatott szöveg nincs a szabálykönyvben; csak egy kidolgozott példa írja le a "
        "lapot (lásd a megjegyzést)",
    # provenance: how a value was derived
    "'ingyen kifizeti' (pays it for free)": "„ingyen kifizeti”",
    "Laci pays 'kilencért' (for nine)": "Laci „kilencért” fizeti ki",
    "it deals 2 damage ('Belelő kettőt'); damage dealt = firepower":
        "2 sebzést okoz („Belelő kettőt”); az okozott sebzés = tűzerő",
    "it deals 3 damage ('lő hármat')": "3 sebzést okoz („lő hármat”)",
    "loses 1 and has 2 left": "1-et veszít, és 2 marad",
    "loses 2, has 1 left; consistent with the interrupt example (Cobra Flash 2+1 would kill "
    "it)":
        "2-t veszít, 1 marad; egyezik a megszakításos példával (a Cobra Flash 2+1-e "
        "elpusztítaná)",
    "+1 armor to a ship is stated (KG-14.3); the duration is not: read as to the end of the "
    "turn, when armor is restored anyway, so an expiring bonus never destroys a ship":
        "a +1 páncél egy űrhajónak a szabálykönyvben áll (KG-14.3), az időtartama nem: a kör "
        "végéig olvassuk, amikor a páncél úgyis helyreáll, így a lejáró bónusz sosem "
        "pusztít el űrhajót",
    "+1 firepower to a ship is stated (KG-14.3); the duration is not: read as to the end of "
    "the combat phase":
        "a +1 tűzerő egy űrhajónak a szabálykönyvben áll (KG-14.3), az időtartama nem: a "
        "harci fázis végéig olvassuk",
    "derived rule from example wording: Variable: equals the credit cost of the interrupt it "
    "neutralizes (2 in the example, because Felsőbb parancs cost 2).":
        "a példa szövegéből levezetett szabály: változó, annyi, amennyi az általa "
        "semlegesített megszakítás ára (a példában 2, mert a Felsőbb parancs 2-be került).",
    "(CONFLICTING): it deals 1 damage ('belelő egyet a Halálszárnyba') in the quick-start "
    "game; but a later example says it could shoot down the Marduk Kurios (armor 2), which "
    "would need firepower >= 2":
        "(ELLENTMONDÁSOS): a gyorstalpaló játékban 1 sebzést okoz („belelő egyet a "
        "Halálszárnyba”), de egy későbbi példa szerint lelőhetné a Marduk Kuriost (páncél 2), "
        "amihez legalább 2 tűzerő kellene",
    # provenance: what the rulebook states (the English ones)
    "+3 firepower or +3 bombard, chosen at the end of the payment step (KG-14.2.6)":
        "+3 tűzerő vagy +3 bombázás, a fizetési lépés végén választva (KG-14.2.6)",
    "a ship: its values and abilities are its whole behaviour (null: no further effect)":
        "űrhajó: az értékei és képességei adják a teljes működését (nincs további hatása)",
    "drawback text": "a hátrányt leíró szöveg",
    "for the example target; scope of valid targets not given":
        "a példa célpontjára; hogy mi lehet célpont, nincs megadva",
    "neutralises an interrupt (KG-14.3); payments and abilities count as interrupts too "
    "(KG-10.1, KG-17.10)":
        "semlegesít egy megszakítást (KG-14.3); a fizetések és a képességek is "
        "megszakításnak számítanak (KG-10.1, KG-17.10)",
    "neutralises an interrupt, for X = the neutralised card's cost (KG-17.13); payments and "
    "abilities count as interrupts too (KG-10.1, KG-17.10)":
        "semlegesít egy megszakítást, X = a semlegesített lap ára (KG-17.13); a fizetések és "
        "a képességek is megszakításnak számítanak (KG-10.1, KG-17.10)",
    "one of the opponent's ships, chosen by that opponent, is destroyed (KG-17.42)":
        "az ellenfél egyik űrhajója megsemmisül, azt az ellenfél választja (KG-17.42)",
    "while in play, the opponent must spend 1 credit to attack (KG-14.2.2)":
        "amíg játékban van, az ellenfélnek 1 creditet kell költenie a támadáshoz (KG-14.2.2)",
    # the cards' notes
    "The quick-start game and the later combat example give the same values (stated in full "
    "in the combat example).":
        "A gyorstalpaló játék és a későbbi harci példa ugyanazokat az értékeket adja (a "
        "harci példában teljesen kiírva).",
    "Destroyed in the example by the Chazma töltet trap together with the Tüzér crew on it. "
    "Web searches for this name hit the unrelated Marvel character of the same name.":
        "A példában a Chazma töltet csapda pusztítja el a rajta levő Tüzér legénységgel "
        "együtt. A névre keresve a webes keresők a független, azonos nevű Marvel-szereplőt "
        "találják.",
    "Speed 0. The example also shows that distributed damage may be left unassigned.":
        "Sebesség 0. A példa azt is mutatja, hogy a szétosztott sebzés egy része "
        "kiosztatlan maradhat.",
    "All four combat numbers and the cost are known; only the subtype (and so the size) is "
    "missing.":
        "Mind a négy harci érték és az ár ismert; csak az altípus (és így a méret) hiányzik.",
    "It attacked the Központ (hand) in round 3, but that does not show its bombard value: in "
    "the simplified rules an undefended hand attack always discards exactly one card.":
        "A 3. körben megtámadta a Központot (a kezet), de ebből nem derül ki a bombázása: az "
        "egyszerűsített szabályokban a védtelen kéz elleni támadás mindig pontosan egy lapot "
        "dobat el.",
    "Firepower 1 comes from the quick-start arithmetic, but the later example suggests more. "
    "Treat it as unconfirmed.":
        "Az 1-es tűzerő a gyorstalpaló számolásából jön, de a későbbi példa többre utal. "
        "Kezeld megerősítetlenként.",
    "The OCR has the typo 'játékben' for 'játékban'. The cost 0 comes from the word 'ingyen' "
    "(free), not from a printed number.":
        "A szövegfelismerés „játékben”-t olvasott „játékban” helyett. A 0 ár az „ingyen” "
        "szóból jön, nem nyomtatott számból.",
    "Who chooses ('általa') is read as the opponent, because the example says Laci (the "
    "opponent) 'has little choice'. Trap rules allow a '?' development limit (bluff only), "
    "but this card's limit is not given.":
        "Azt, hogy ki választ („általa”), az ellenfélnek olvassuk, mert a példa szerint "
        "Lacinak (az ellenfélnek) „nincs sok választása”. A csapdáknak lehet „?” fejlesztési "
        "korlátja (csak blöff), de ennek a lapnak a korlátja nincs megadva.",
    "Subtype: Played during the firing step, when only 'harc' or 'reakció' interrupts may be "
    "played, so the subtype is one of those two.":
        "Altípus: a tüzelési lépésben játszották ki, amikor csak „harc” vagy „reakció” "
        "megszakítás játszható ki, így az altípus e kettő egyike.",
    "Subtype: Played during the firing step, so the subtype is 'harc' or 'reakció'.":
        "Altípus: a tüzelési lépésben játszották ki, így az altípus „harc” vagy „reakció”.",
    "Example, not card text: in the rulebook's worked example the card neutralises an "
    "interrupt (Laci's Felsőbb parancs) for 2 credits, because Felsőbb parancs also cost 2; so "
    "it neutralises one interrupt and costs what that interrupt cost. Subtype: played during "
    "the firing step, so the subtype is 'harc' or 'reakció'.":
        "Példa, nem a lap szövege: a szabálykönyv kidolgozott példájában a lap 2 creditért "
        "semlegesít egy megszakítást (Laci Felsőbb parancsát), mert a Felsőbb parancs is 2-be "
        "került; tehát egy megszakítást semlegesít, és annyiba kerül, amennyibe az. Altípus: a "
        "tüzelési lépésben játszották ki, így az altípus „harc” vagy „reakció”.",
    "Invented for the unofficial practice set; not a printed card.":
        "A projekt nem hivatalos gyakorló készletéhez kitalált lap, nem nyomtatott kártya.",
}


def note_words(note: str, lang: str) -> str:
    """A data note in the page's language (Hungarian when it is known, else as written)."""
    return NOTES_HU.get(note.strip(), note) if lang == "hu" else note
