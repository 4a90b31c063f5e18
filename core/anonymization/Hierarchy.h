#pragma once
#include "core/data/Table.h"

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace rr {

// A generalization hierarchy in the ARX file format: one row per original value, column j holds
// the value's label at generalization level j (level 0 = the value itself), the last level has a
// single label (usually "*"). Validated on construction: same number of levels on every row,
// no empty label, no value listed twice, and consistent levels (a label at level j always
// generalizes to the same label at level j + 1), so the levels nest as full-domain generalization needs.
class Hierarchy {
public:
    // Throws InputError naming `source` (file or attribute) and the offending row.
    static Hierarchy fromRows(std::vector<std::vector<std::string>> rows, const std::string& source);
    // Suppression only: every value -> "*" (for an attribute without a hierarchy file).
    static Hierarchy suppressionOnly(const std::vector<std::string>& values);

    // Number of levels including level 0.
    int levelCount() const { return static_cast<int>(m_labels.size()); }
    int maxLevel() const { return levelCount() - 1; }
    std::size_t valueCount() const { return m_rows.size(); }
    const std::vector<std::vector<std::string>>& rows() const { return m_rows; }
    // Distinct labels of a level, in order of first appearance.
    const std::vector<std::string>& levelLabels(int level) const { return m_labels.at(level); }
    // Row of an original value, or -1.
    int rowOf(const std::string& value) const;
    // Index into levelLabels(level) of the row's label at that level.
    int codeAt(int row, int level) const { return m_codes[level][row]; }
    const std::string& source() const { return m_source; }

private:
    std::string m_source;
    std::vector<std::vector<std::string>> m_rows;
    std::vector<std::vector<std::string>> m_labels; // [level][code]
    std::vector<std::vector<int>> m_codes;          // [level][row]
};

// Parses ARX hierarchy text: ';'-separated (',' or tab when the first line has no ';'),
// optional UTF-8 BOM, CRLF, blank lines ignored, fields trimmed, surrounding quotes removed.
Hierarchy parseHierarchy(std::istream& in, const std::string& source);
// Hierarchy files are read whole: larger ones are refused before reading (ARX's are kilobytes).
inline constexpr std::uintmax_t kMaxHierarchyFileBytes = std::uintmax_t(64) << 20;
Hierarchy readHierarchyFile(const std::string& path);

// A hierarchy bound to one attribute of a table: generalized code of every category at every level.
struct AttributeGeneralization {
    std::string attribute;
    std::string source;                           // hierarchy file, or "suppression" for value -> *
    std::vector<std::vector<int>> codeAt;         // [level][category code] -> generalized code
    std::vector<std::vector<std::string>> labels; // [level][generalized code]

    int levelCount() const { return static_cast<int>(codeAt.size()); }
    int maxLevel() const { return levelCount() - 1; }
    int domainAt(int level) const { return static_cast<int>(labels[level].size()); }
    // Number of original categories a generalized code covers.
    std::vector<int> coverSizes(int level) const;
};

// Binds `hierarchy` to `attribute`: every category of the data must be a level-0 value of the
// hierarchy (InputError listing the values that are missing). Values of the hierarchy absent
// from the data are allowed.
AttributeGeneralization bindHierarchy(const Hierarchy& hierarchy, const Attribute& attribute);
// Suppression-only generalization of an attribute (levels: value, "*").
AttributeGeneralization suppressionGeneralization(const Attribute& attribute);

// The hierarchy file for an attribute in a folder: `<attribute>.csv` or `*hierarchy_<attribute>.csv`
// (ARX naming, e.g. adult_hierarchy_education.csv). Empty when none; InputError when several match.
std::string findHierarchyFile(const std::string& directory, const std::string& attribute);

// Generalizations for the listed attributes of `table`: from `directory` when a file exists there,
// suppression-only otherwise (also when `directory` is empty). InputError if the folder does not exist.
std::vector<AttributeGeneralization> loadGeneralizations(const Table& table, const std::vector<int>& attributes,
                                                         const std::string& directory);

} // namespace rr
