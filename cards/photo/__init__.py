"""From a photo to a catalogue entry: find the cards in a picture (``locate``),
straighten and crop them, read their text with Tesseract (``ocr``), turn the text into a
card's fields matched against the vocabulary (``fields``), and check the upload
(``pipeline``). Nothing here stores anything: the contribution views keep a photo only when
the person sends the proposal.
"""
