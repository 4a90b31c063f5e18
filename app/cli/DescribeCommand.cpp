// `describe`: rows, dropped rows and each attribute's categories with their (weighted) counts.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"

namespace rr::cli {
namespace {

Json runDescribe(const Options& options)
{
    const Table raw = loadTable(options);
    std::vector<std::string> names;
    if (auto list = options.value("attributes")) {
        names = splitList(*list, "attributes");
        raw.attributeIndices(names); // unknown or repeated names are errors
    } else {
        for (const auto& a : raw.attributes)
            names.push_back(a.name);
    }

    // Without --drop-incomplete every record is kept and missing values are counted per attribute.
    const bool dropIncomplete = options.flag("drop-incomplete");
    std::size_t dropped = 0;
    const Table table = dropIncomplete ? completeRecords(raw, {}, MissingPolicy::DropIncomplete, &dropped) : raw;

    Json attributes = Json::array();
    for (int a : table.attributeIndices(names)) {
        const Attribute& attr = table.attributes[a];
        std::vector<double> counts(attr.categories.size(), 0.0);
        double missing = 0;
        for (std::size_t r = 0; r < attr.codes.size(); ++r) {
            if (attr.codes[r] == Attribute::kMissing)
                missing += table.weight(r);
            else
                counts[attr.codes[r]] += table.weight(r);
        }
        Json entry;
        entry["name"] = attr.name;
        entry["categories"] = attr.categories;
        Json jc = Json::array();
        for (double c : counts)
            jc.push_back(countValue(c));
        entry["counts"] = jc;
        if (!dropIncomplete)
            entry["missing"] = countValue(missing);
        attributes.push_back(entry);
    }

    Json j;
    j["rows"] = table.rowCount();
    j["dropped_rows"] = dropped;
    if (!table.weights.empty())
        j["records"] = countValue(table.totalWeight());
    j["attributes"] = attributes;
    return j;
}

} // namespace

Command describeCommand()
{
    Command c;
    c.name = "describe";
    c.summary = "rows, dropped rows, and every attribute's categories with their counts";
    c.description =
        "Lists each attribute's categories in order of first appearance with their counts (weighted by the count "
        "column if one is given). Without --drop-incomplete every record is kept and each attribute also reports "
        "its number of missing values.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"attributes", "A,B,...", "describe only these attributes (default: all)"});
    c.run = runDescribe;
    return c;
}

} // namespace rr::cli
