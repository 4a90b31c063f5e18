#pragma once
#include <string>
#include <vector>

class QComboBox;

namespace rr::ui {

// Refills a view's attribute chooser with the analysed attributes (item data = the name),
// optionally led by "(none)" for an optional second attribute.
void fillAttributeBox(QComboBox* box, const std::vector<std::string>& names, bool withNone = false);

} // namespace rr::ui
