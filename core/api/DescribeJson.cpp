// describeJson: the one place a describe result becomes the CLI's JSON (key order is the contract).
#include "core/api/Describe.h"

#include <cmath>
#include <string_view>
#include <unordered_map>

namespace rr::api {
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

// A statistical file's variable label, value labels ({"1": "Married-civ-spouse"}) and kinds of missing values;
// else a data dictionary's description, when there is one.
void addLabels(Json& entry, const AttributeDescription& a, bool withMissing)
{
    if (!a.details) {
        if (!a.label.empty())
            entry["label"] = a.label;
        return;
    }
    const AttributeDetails& d = *a.details;
    entry["label"] = d.label;
    entry["codes"] = codesJson(d.codes);
    if (!withMissing)
        return;
    Json tagged = Json::object();
    for (const auto& [tag, n] : d.taggedMissing)
        tagged[std::string(1, tag)] = countValue(n);
    entry["missing_kinds"] = {{"system", countValue(d.systemMissing)},
                              {"user", countValue(d.userMissing)},
                              {"tagged", tagged}};
}

Json cutJson(double c)
{
    return std::isinf(c) ? Json(c > 0 ? "inf" : "-inf") : Json(c);
}

Json binningJson(const BinningDescription& b)
{
    Json cuts = Json::array();
    for (double c : b.bins.cuts)
        cuts.push_back(cutJson(c));
    Json block = {{"kind", b.spec.kind == BinKind::CutPoints    ? "cuts"
                           : b.spec.kind == BinKind::EqualWidth ? "width"
                                                                : "quantiles"},
                  {"spec", binSpecText(b.spec)},
                  {"cuts", cuts},
                  {"last_closed", b.bins.lastClosed},
                  {"not_numeric", countValue(b.notNumeric)},
                  {"outside", countValue(b.outside)}};
    if (b.spec.kind != BinKind::CutPoints)
        block["bins"] = b.spec.bins;
    return block;
}

Json attributeJson(const AttributeDescription& a, bool withMissing)
{
    Json entry;
    entry["name"] = a.name;
    entry["categories"] = a.categories;
    Json counts = Json::array();
    for (double c : a.counts)
        counts.push_back(countValue(c));
    entry["counts"] = counts;
    if (a.missing)
        entry["missing"] = countValue(*a.missing);
    entry["numeric"] = a.numeric.numeric;
    entry["distinct"] = a.numeric.distinct; // of the values before binning
    entry["needs_binning"] = a.numeric.needsBinning;
    if (a.binning)
        entry["binning"] = binningJson(*a.binning);
    addLabels(entry, a, withMissing);
    return entry;
}

} // namespace

Json describeJson(const DescribeResult& r)
{
    Json j;
    Json attributes = Json::array();
    for (const AttributeDescription& a : r.attributes)
        attributes.push_back(attributeJson(a, !r.dropIncomplete));
    j["rows"] = r.rows;
    j["dropped_rows"] = r.droppedRows;
    if (r.records)
        j["records"] = countValue(*r.records);
    j["attributes"] = attributes;
    return j;
}

} // namespace rr::api
