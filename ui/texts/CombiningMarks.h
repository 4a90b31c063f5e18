#pragma once
// Symbols with a combining mark (pi-hat: U+03C0 U+0302): not every font draws the mark over the letter (DejaVu
// Sans drops it over Greek letters, so "d_V(pi, pi-hat)" read "d_V(pi, pi)" and the Guide's hats landed as
// stray circumflexes elsewhere, issue 45). These pick a font that draws it.
#include <QFont>
#include <QString>

namespace rr::ui {

// True when `font` draws U+0302 over the Greek letter pi (the letter's pixels differ with and without it).
bool drawsCombiningMarks(const QFont& font);
// `font`, or where it does not draw combining marks an installed family that does, at the same size and weight.
QFont fontForMarks(const QFont& font);
// `html` with every letter or entity followed by "&#770;" (or U+0302) wrapped in a span of a family that draws
// it, when `font` does not.
QString markedSymbolsInFont(const QString& html, const QFont& font);

} // namespace rr::ui
