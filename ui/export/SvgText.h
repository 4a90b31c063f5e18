#pragma once
// QSvgGenerator writes one <text> per run of a text layout: a label with a Greek letter, a
// subscript or an italic word arrives in pieces placed at Qt's own glyph positions, which other
// viewers (other fonts) misplace. This joins the pieces of each label into one <text>; pieces in
// another font style or weight become <tspan> children (issue 11).
#include <QByteArray>

namespace rr::ui {

// Joins consecutive <text> elements of one group that continue each other: same colour, font size
// and baseline, the next starting where the previous one ends (within a third of the font size).
// Anything else is left byte for byte.
QByteArray joinSvgTextRuns(const QByteArray& svg);

} // namespace rr::ui
