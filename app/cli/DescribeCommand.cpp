// `describe`: rows, dropped rows and each attribute's categories with their (weighted) counts.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"

#include "core/datasource/BinnedSource.h"
#include "core/data/Errors.h"
#include "core/statfiles/StatFileSource.h"

#include <cmath>
#include <set>
#include <string_view>
#include <unordered_map>

namespace rr::cli {
namespace {

// {"code": "label", ...} in the declared order, a repeated code keeping its first place and its last label,
// as ordered_json's operator[] does, without its linear search per key (quadratic in the labels: 8 s for
// 99,999 of them).
Json codesJson(const ValueLabels& labels)
{
    Json codes = Json::object();
    auto& entries = static_cast<Json::object_t::Container&>(codes.get_ref<Json::object_t&>());
    entries.reserve(labels.size());
    std::unordered_map<std::string_view, std::size_t> at;
    at.reserve(labels.size());
    for (const auto& [code, label] : labels) {
        const auto [it, added] = at.emplace(code, entries.size());
        if (added)
            entries.emplace_back(code, label);
        else
            entries[it->second].second = label;
    }
    return codes;
}

// A statistical file's variable label, value labels ({"1": "Married-civ-spouse"}) and kinds of missing values.
void addDetails(Json& entry, const AttributeDetails* details, bool withMissing)
{
    if (!details)
        return;
    entry["label"] = details->label;
    entry["codes"] = codesJson(details->codes);
    if (!withMissing)
        return;
    Json tagged = Json::object();
    for (const auto& [tag, n] : details->taggedMissing)
        tagged[std::string(1, tag)] = countValue(n);
    entry["missing_kinds"] = {{"system", countValue(details->systemMissing)},
                              {"user", countValue(details->userMissing)},
                              {"tagged", tagged}};
}

// A binned attribute's values are bins, not the file's labelled codes.
const AttributeDetails* details(const DataSource& source, const std::string& name)
{
    const auto* binned = dynamic_cast<const BinnedSource*>(&source);
    if (binned && binned->binningOf(name))
        return nullptr;
    const auto* file = dynamic_cast<const StatFileSource*>(&unbinned(source));
    return file ? file->attributeDetails(name) : nullptr;
}

Json cutJson(double c)
{
    return std::isinf(c) ? Json(c > 0 ? "inf" : "-inf") : Json(c);
}

// Whether the attribute is numeric and needs bins; a binned one's bins and what became missing.
void addNumeric(Json& entry, const DataSource& source, const AttributeSummary& shown)
{
    const auto* binned = dynamic_cast<const BinnedSource*>(&source);
    const BinnedAttribute* b = binned ? binned->binningOf(shown.name) : nullptr;
    if (!b) {
        const NumericProfile p = numericProfile(shown);
        entry["numeric"] = p.numeric;
        entry["distinct"] = p.distinct;
        entry["needs_binning"] = p.needsBinning;
        return;
    }
    const NumericProfile p = numericProfile(binned->inner().summary().attributes[b->column]);
    entry["numeric"] = p.numeric;
    entry["distinct"] = p.distinct; // of the values before binning
    entry["needs_binning"] = false;
    Json cuts = Json::array();
    for (double c : b->bins.cuts)
        cuts.push_back(cutJson(c));
    Json block = {{"kind", b->spec.kind == BinKind::CutPoints    ? "cuts"
                           : b->spec.kind == BinKind::EqualWidth ? "width"
                                                                 : "quantiles"},
                  {"spec", binSpecText(b->spec)},
                  {"cuts", cuts},
                  {"last_closed", b->bins.lastClosed},
                  {"not_numeric", countValue(b->notNumeric)},
                  {"outside", countValue(b->outside)}};
    if (b->spec.kind != BinKind::CutPoints)
        block["bins"] = b->spec.bins;
    entry["binning"] = block;
}

Json attributeJson(const AttributeSummary& a, bool withMissing)
{
    Json entry;
    entry["name"] = a.name;
    entry["categories"] = a.categories;
    Json counts = Json::array();
    for (double c : a.counts)
        counts.push_back(countValue(c));
    entry["counts"] = counts;
    if (withMissing)
        entry["missing"] = countValue(a.missing);
    return entry;
}

Json runDescribe(const Options& options)
{
    const auto source = openSource(options);
    std::vector<std::string> names;
    if (auto list = options.value("attributes")) {
        names = splitList(*list, "attributes");
        std::set<std::string> seen;
        for (const auto& n : names)
            if (!seen.insert(n).second)
                throw InputError("attribute '" + n + "' is listed twice");
    }

    Json j;
    Json attributes = Json::array();
    if (options.flag("drop-incomplete")) { // the records complete in every column, one streaming pass
        const KeptSummary kept = source->summarize(names, MissingPolicy::DropIncomplete, keepRunningProgress());
        for (const auto& a : kept.attributes) {
            attributes.push_back(attributeJson(a, false));
            addNumeric(attributes.back(), *source, a);
        }
        for (auto& entry : attributes)
            addDetails(entry, details(*source, entry["name"].get<std::string>()), false);
        j["rows"] = kept.rows;
        j["dropped_rows"] = kept.droppedRows;
        if (source->summary().weighted)
            j["records"] = countValue(kept.records);
    } else { // every record; missing values counted per attribute
        const SourceSummary& all = source->countSummary(keepRunningProgress());
        if (names.empty()) {
            for (const auto& a : all.attributes) {
                attributes.push_back(attributeJson(a, true));
                addNumeric(attributes.back(), *source, a);
            }
        } else { // by name through a hash index: a linear search per name was quadratic in the columns
            std::unordered_map<std::string_view, const AttributeSummary*> byName;
            byName.reserve(all.attributes.size());
            for (const auto& a : all.attributes)
                byName.emplace(a.name, &a);
            for (const auto& n : names) {
                const auto it = byName.find(n);
                const AttributeSummary& a = it != byName.end() ? *it->second : all.attribute(n);
                attributes.push_back(attributeJson(a, true));
                addNumeric(attributes.back(), *source, a);
            }
        }
        j["rows"] = all.rows;
        j["dropped_rows"] = 0;
        if (all.weighted)
            j["records"] = countValue(all.totalWeight);
    }
    if (!options.flag("drop-incomplete"))
        for (auto& entry : attributes)
            addDetails(entry, details(*source, entry["name"].get<std::string>()), true);
    for (auto& entry : attributes) // a CSV column's description from a data dictionary (--names)
        if (!entry.contains("label"))
            if (const std::string label = source->attributeLabel(entry["name"].get<std::string>()); !label.empty())
                entry["label"] = label;
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
        "its number of missing values. Each attribute says whether it is numeric, its distinct values and whether it needs "
        "binning (numeric with more than 50 distinct values: --bin NAME=SPEC); a binned one gives its cuts and the "
        "records whose value was not a number or lay outside the cuts (missing once binned).";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"attributes", "A,B,...", "describe only these attributes (default: all)"});
    c.run = runDescribe;
    return c;
}

} // namespace rr::cli
