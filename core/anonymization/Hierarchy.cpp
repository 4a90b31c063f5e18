#include "core/anonymization/Hierarchy.h"

#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/data/Utf8.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace rr {

namespace {

std::string trim(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r\n");
    std::string t = s.substr(b, e - b + 1);
    if (t.size() >= 2 && t.front() == '"' && t.back() == '"')
        t = t.substr(1, t.size() - 2);
    return t;
}

std::vector<std::string> split(const std::string& line, char delimiter)
{
    std::vector<std::string> out;
    std::string field;
    for (char ch : line) {
        if (ch == delimiter) {
            out.push_back(trim(field));
            field.clear();
        } else {
            field += ch;
        }
    }
    out.push_back(trim(field));
    return out;
}

std::string rowText(int row)
{
    return "row " + std::to_string(row + 1);
}

} // namespace

Hierarchy Hierarchy::fromRows(std::vector<std::vector<std::string>> rows, const std::string& source)
{
    if (rows.empty())
        throw InputError("hierarchy " + source + ": no values");
    const std::size_t levels = rows.front().size();
    if (levels < 2)
        throw InputError("hierarchy " + source + ": a hierarchy needs at least two levels (value and '*'), " +
                         rowText(0) + " has " + std::to_string(levels));
    Hierarchy h;
    h.m_source = source;
    h.m_labels.resize(levels);
    h.m_codes.assign(levels, std::vector<int>(rows.size(), -1));
    std::vector<std::map<std::string, int>> index(levels);
    std::vector<std::map<int, int>> parent(levels); // code at level j -> code at level j + 1
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto& row = rows[r];
        const int ri = static_cast<int>(r);
        if (row.size() != levels)
            throw InputError("hierarchy " + source + ": " + rowText(ri) + " has " + std::to_string(row.size()) +
                             " levels, " + rowText(0) + " has " + std::to_string(levels) +
                             " (every value needs the same number of levels)");
        for (std::size_t j = 0; j < levels; ++j) {
            if (row[j].empty())
                throw InputError("hierarchy " + source + ": " + rowText(ri) + " has an empty label at level " +
                                 std::to_string(j));
            if (!isValidUtf8(row[j]))
                throw InputError("hierarchy " + source + ": " + rowText(ri) + " is not valid UTF-8");
            auto [it, inserted] = index[j].emplace(row[j], static_cast<int>(h.m_labels[j].size()));
            if (inserted)
                h.m_labels[j].push_back(row[j]);
            else if (j == 0)
                throw InputError("hierarchy " + source + ": value '" + row[0] + "' is listed twice (" + rowText(ri) +
                                 ")");
            h.m_codes[j][r] = it->second;
        }
        for (std::size_t j = 0; j + 1 < levels; ++j) {
            auto [it, inserted] = parent[j].emplace(h.m_codes[j][r], h.m_codes[j + 1][r]);
            if (!inserted && it->second != h.m_codes[j + 1][r])
                throw InputError("hierarchy " + source + ": inconsistent levels: '" + row[j] + "' at level " +
                                 std::to_string(j) + " generalizes to '" + h.m_labels[j + 1][it->second] +
                                 "' and, in " + rowText(ri) + ", to '" + row[j + 1] + "'");
        }
    }
    if (h.m_labels.back().size() != 1)
        throw InputError("hierarchy " + source + ": the last level must be one value (e.g. '*'), it has " +
                         std::to_string(h.m_labels.back().size()) + " ('" + h.m_labels.back()[0] + "', '" +
                         h.m_labels.back()[1] + "', ...)");
    h.m_rows = std::move(rows);
    return h;
}

Hierarchy Hierarchy::suppressionOnly(const std::vector<std::string>& values)
{
    std::vector<std::vector<std::string>> rows;
    rows.reserve(values.size());
    for (const auto& v : values)
        rows.push_back({v, "*"});
    return fromRows(std::move(rows), "suppression");
}

int Hierarchy::rowOf(const std::string& value) const
{
    const auto& l0 = m_labels[0];
    auto it = std::find(l0.begin(), l0.end(), value);
    if (it == l0.end())
        return -1;
    // level-0 labels are unique and in row order
    return static_cast<int>(it - l0.begin());
}

Hierarchy parseHierarchy(std::istream& in, const std::string& source)
{
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        if (lines.empty() && line.size() >= 3 && line.compare(0, 3, "\xEF\xBB\xBF") == 0)
            line.erase(0, 3);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (trim(line).empty())
            continue;
        lines.push_back(line);
    }
    if (lines.empty())
        throw InputError("hierarchy " + source + ": the file is empty");
    char delimiter = ';';
    if (lines.front().find(';') == std::string::npos)
        delimiter = lines.front().find('\t') != std::string::npos ? '\t' : ',';
    std::vector<std::vector<std::string>> rows;
    rows.reserve(lines.size());
    for (const auto& l : lines)
        rows.push_back(split(l, delimiter));
    return Hierarchy::fromRows(std::move(rows), source);
}

Hierarchy readHierarchyFile(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError("hierarchy " + path + ": is a folder, not a file");
    checkInputFile(path, "hierarchy");
    const std::uintmax_t bytes = std::filesystem::file_size(path, ec);
    if (!ec && bytes > kMaxHierarchyFileBytes)
        throw InputError("hierarchy " + path + ": " + std::to_string(bytes) + " bytes, over the limit of " +
                         std::to_string(kMaxHierarchyFileBytes) + " bytes for a hierarchy file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError("hierarchy " + path + ": cannot open the file");
    return parseHierarchy(in, path);
}

std::vector<int> AttributeGeneralization::coverSizes(int level) const
{
    std::vector<int> sizes(labels[level].size(), 0);
    for (int g : codeAt[level])
        ++sizes[g];
    return sizes;
}

AttributeGeneralization bindHierarchy(const Hierarchy& hierarchy, const Attribute& attribute)
{
    std::vector<int> rowOfCategory(attribute.categories.size(), -1);
    std::vector<std::string> missing;
    for (std::size_t c = 0; c < attribute.categories.size(); ++c) {
        rowOfCategory[c] = hierarchy.rowOf(attribute.categories[c]);
        if (rowOfCategory[c] < 0)
            missing.push_back(attribute.categories[c]);
    }
    if (!missing.empty()) {
        std::string list;
        for (std::size_t i = 0; i < missing.size() && i < 5; ++i)
            list += (i ? ", '" : "'") + missing[i] + "'";
        if (missing.size() > 5)
            list += " and " + std::to_string(missing.size() - 5) + " more";
        throw InputError("hierarchy " + hierarchy.source() + " for attribute '" + attribute.name + "' lacks " +
                         std::to_string(missing.size()) + " value(s) of the data: " + list);
    }
    AttributeGeneralization g;
    g.attribute = attribute.name;
    g.source = hierarchy.source();
    const int levels = hierarchy.levelCount();
    g.codeAt.assign(levels, std::vector<int>(attribute.categories.size()));
    g.labels.resize(levels);
    for (int j = 0; j < levels; ++j) {
        // Keep only labels the data reaches, numbered in category order.
        std::map<int, int> renumber;
        for (std::size_t c = 0; c < attribute.categories.size(); ++c) {
            const int h = hierarchy.codeAt(rowOfCategory[c], j);
            auto [it, inserted] = renumber.emplace(h, static_cast<int>(g.labels[j].size()));
            if (inserted)
                g.labels[j].push_back(hierarchy.levelLabels(j)[h]);
            g.codeAt[j][c] = it->second;
        }
    }
    return g;
}

AttributeGeneralization suppressionGeneralization(const Attribute& attribute)
{
    return bindHierarchy(Hierarchy::suppressionOnly(attribute.categories), attribute);
}

std::string findHierarchyFile(const std::string& directory, const std::string& attribute)
{
    namespace fs = std::filesystem;
    std::vector<std::string> found;
    const std::string exact = attribute + ".csv";
    const std::string suffix = "hierarchy_" + attribute + ".csv";
    // Every entry of the name counts, whatever it is: a FIFO, a device, a link to /dev/zero or a folder named
    // like a hierarchy is refused when read (readHierarchyFile), not skipped as if there were none.
    for (const auto& entry : fs::directory_iterator(directory)) {
        const std::string name = entry.path().filename().string();
        const bool arx =
            name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
        if (name == exact || arx)
            found.push_back(entry.path().string());
    }
    if (found.size() > 1) {
        std::sort(found.begin(), found.end());
        throw InputError("several hierarchy files for attribute '" + attribute + "' in " + directory + ": " + found[0] +
                         ", " + found[1]);
    }
    return found.empty() ? std::string() : found.front();
}

std::vector<AttributeGeneralization> loadGeneralizations(const Table& table, const std::vector<int>& attributes,
                                                         const std::string& directory)
{
    if (!directory.empty() && !std::filesystem::is_directory(directory))
        throw InputError("hierarchy folder " + directory + " does not exist");
    std::vector<AttributeGeneralization> out;
    out.reserve(attributes.size());
    for (int a : attributes) {
        const Attribute& attr = table.attributes.at(a);
        const std::string file = directory.empty() ? std::string() : findHierarchyFile(directory, attr.name);
        out.push_back(file.empty() ? suppressionGeneralization(attr) : bindHierarchy(readHierarchyFile(file), attr));
    }
    return out;
}

} // namespace rr
