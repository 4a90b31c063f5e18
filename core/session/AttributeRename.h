#pragma once
// A column renamed (issue 20, bug 13): every choice that named it by its old name names the new one, so the
// roles, p, bins and the views' choices follow the column rather than fall back to defaults.
#include "core/analysis/AnalysisSpec.h"
#include "core/data/Binning.h"
#include "core/session/ViewChoices.h"

#include <map>
#include <string>
#include <vector>

namespace rr {

// `names` with `from` renamed `to`. Throws InputError when `from` is not among them, `to` is empty, begins or
// ends with a space, or already names another column.
std::vector<std::string> renamedColumns(const std::vector<std::string>& names, const std::string& from,
                                        const std::string& to);

void renameAttribute(AnalysisSpec& spec, const std::string& from, const std::string& to);
void renameAttribute(std::map<std::string, double>& p, const std::string& from, const std::string& to);
// The attribute choices of every view, and the "attribute=category" items of the rules view.
void renameAttribute(ViewChoices& view, const std::string& from, const std::string& to);
void renameAttribute(std::vector<BinSpec>& bins, const std::string& from, const std::string& to);

} // namespace rr
