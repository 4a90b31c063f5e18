#include "app/cli/Dataset.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <numeric>

namespace rr::cli {

std::vector<OptionSpec> dataOptions()
{
    return {
        {"data", "FILE",
         "CSV file with a header row (',' ';' or tab); repeat to concatenate files with the same header", true},
        {"count-column", "NAME", "column holding a record count (aggregated input); not an attribute"},
        {"missing", "TOKENS", "comma list of values meaning 'missing' (default \"?,\": '?' and an empty field)"},
    };
}

OptionSpec dropIncompleteOption()
{
    return {"drop-incomplete", "",
            "drop records with a missing value in any column, as the papers do (default: only in the used attributes)"};
}

OptionSpec retentionOption()
{
    return {"p", "NAME=VALUE,...", "retention probability p in (1/d, 1] per attribute; unlisted attributes keep p = 1"};
}

CsvOptions csvOptions(const Options& options)
{
    CsvOptions csv;
    if (auto m = options.value("missing"))
        csv.missingTokens = splitTokens(*m);
    if (auto c = options.value("count-column")) {
        if (c->empty())
            throw InputError("option --count-column needs a column name");
        csv.countColumn = *c;
    }
    return csv;
}

Table loadTable(const Options& options)
{
    std::vector<std::string> files = options.values("data");
    if (files.empty())
        throw InputError("no data: give at least one --data FILE");
    return readCsv(files, csvOptions(options));
}

std::string missingToken(const Options& options)
{
    return csvOptions(options).missingTokens.front();
}

Records selectRecords(const Table& raw, const std::vector<std::string>& names, const Options& options)
{
    const std::vector<int> used = raw.attributeIndices(names);
    const MissingPolicy policy =
        options.flag("drop-incomplete") ? MissingPolicy::DropIncomplete : MissingPolicy::DropIfUsedMissing;
    Records r;
    r.table = completeRecords(raw, used, policy, &r.droppedRows);
    r.attributes = used; // subsetRows keeps every column in place
    r.names = names;
    return r;
}

std::vector<uint32_t> allRows(const Table& table)
{
    std::vector<uint32_t> rows(table.rowCount());
    std::iota(rows.begin(), rows.end(), 0u);
    return rows;
}

std::vector<double> retentions(const Options& options, const Table& table, const std::vector<int>& attributes)
{
    std::vector<double> p(attributes.size(), 1.0);
    auto text = options.value("p");
    if (!text)
        return p;
    for (const auto& [name, value] : parseRetentionList(*text)) {
        auto it =
            std::find_if(attributes.begin(), attributes.end(), [&](int a) { return table.attributes[a].name == name; });
        if (it == attributes.end()) {
            std::vector<std::string> known;
            for (int a : attributes)
                known.push_back(table.attributes[a].name);
            throw InputError("--p names '" + name + "', which is not among this command's attributes (" +
                             joinNames(known) + ")");
        }
        const Attribute& attr = table.attributes[*it];
        checkRetention(attr.name, attr.domainSize(), value);
        p[static_cast<std::size_t>(it - attributes.begin())] = value;
    }
    return p;
}

std::vector<DistortionMatrix> warnerMatrices(const Table& table, const std::vector<int>& attributes,
                                             const std::vector<double>& p)
{
    std::vector<DistortionMatrix> out;
    out.reserve(attributes.size());
    for (std::size_t k = 0; k < attributes.size(); ++k) {
        const Attribute& attr = table.attributes[attributes[k]];
        if (attr.domainSize() < 1)
            throw InputError("attribute '" + attr.name + "' has no values (it is missing in every record)");
        out.push_back(DistortionMatrix::warner(attr.domainSize(), p[k]));
    }
    return out;
}

Json cellValues(const Table& table, const std::vector<int>& attributes, const ContingencyTable& joint, std::size_t cell)
{
    Json out = Json::object();
    const std::vector<int> coords = joint.coordinates(cell);
    for (std::size_t k = 0; k < attributes.size(); ++k) {
        const Attribute& attr = table.attributes[attributes[k]];
        out[attr.name] = attr.categories.at(static_cast<std::size_t>(coords[k]));
    }
    return out;
}

Json attributeValues(const Table& table, const std::vector<int>& attributes, const std::vector<double>& values)
{
    Json out = Json::object();
    for (std::size_t k = 0; k < attributes.size(); ++k)
        out[table.attributes[attributes[k]].name] = values[k];
    return out;
}

std::string joinNames(const std::vector<std::string>& names)
{
    std::string out;
    for (const auto& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

} // namespace rr::cli
