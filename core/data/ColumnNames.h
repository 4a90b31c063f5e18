#pragma once
// Names for the columns of a CSV file that has none, or better ones than its header (issue 20, bug 13: COIL's
// columns are 1..86), read from a small file in one of three forms:
//   - one name per line;
//   - a data dictionary in the UCI CoIL form, "1 MOSTYPE Customer Subtype see L0": the column's number (1, 2,
//     ... in order), its name, and a description that becomes the attribute's label;
//   - a one-line CSV header (',', ';' or tab separated, quotes allowed).
// Blank lines and lines starting with '#' are skipped, and so is a heading line such as "Nr Name Description".
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace rr {

struct ColumnNames {
    std::vector<std::string> names;
    std::vector<std::string> labels; // one per name; "" where the file describes nothing
};

// A names file is a few kilobytes (COIL's dictionary: 3 KiB); anything larger is not one.
inline constexpr std::size_t kMaxColumnNamesFileBytes = std::size_t(1) << 20;

// The names in `text`; `source` names it in messages ("names file 'x'"). Throws InputError naming the source
// and line for: no names, an empty name, a name given twice, invalid UTF-8, a dictionary line without a
// name or out of order.
ColumnNames parseColumnNames(std::string_view text, const std::string& source);

// The names in the file at `path` (at most kMaxColumnNamesFileBytes, checked while reading).
ColumnNames readColumnNames(const std::string& path);

// Throws InputError when `names` are not exactly `columns` unique non-empty names: "<source> gives 85 names
// but <data> has 86 columns".
void checkColumnNames(const std::vector<std::string>& names, std::size_t columns, const std::string& source,
                      const std::string& data);

} // namespace rr
