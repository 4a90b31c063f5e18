#pragma once
#include <string>
#include <utility>
#include <vector>

class QComboBox;

namespace rr {
struct PreparedTable;
} // namespace rr

namespace rr::ui {

// Refills a view's attribute chooser with the analysed attributes (item data = the name),
// optionally led by "(none)" for an optional second attribute.
void fillAttributeBox(QComboBox* box, const std::vector<std::string>& names, bool withNone = false);

// The choosers of one attribute or a pair (distribution and intervals views): `first` gets the analysed
// attributes, `second` "(none)" and them; both are emptied when there is no analysis.
void fillPairBoxes(QComboBox* first, QComboBox* second, const PreparedTable* analysis);
// Shows `axes` (one attribute or a pair, as resolveView gives them) in the two choosers.
void showPair(QComboBox* first, QComboBox* second, const std::vector<int>& axes);
// The attributes chosen: the second is empty for "(none)" or when it repeats the first.
std::pair<std::string, std::string> chosenPair(const QComboBox* first, const QComboBox* second);

} // namespace rr::ui
