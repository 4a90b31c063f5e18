#pragma once
// `describe` of the typed layer (issue 43): rows, dropped rows and each attribute's categories with their
// (weighted) counts, whether it is numeric and needs bins, a binned one's bins, a statistical file's labels.
// One request, one function, one result; describeJson is the one place the result becomes JSON (the CLI prints
// it, Python's to_dict() is it).
#include "core/api/JsonValues.h"
#include "core/api/Source.h"
#include "core/data/Binning.h"
#include "core/statfiles/StatFileSource.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::api {

struct DescribeRequest {
    DataRequest data;
    std::vector<std::string> attributes; // empty: all, in the source's order
    bool dropIncomplete = false;         // only the records complete in every column (no missing counts)
};

// A binned attribute's bins and what became missing.
struct BinningDescription {
    BinSpec spec;
    Bins bins;
    double notNumeric = 0, outside = 0; // weighted records, missing once binned
};

struct AttributeDescription {
    std::string name;
    std::vector<std::string> categories;
    std::vector<double> counts;
    std::optional<double> missing; // without dropIncomplete only
    NumericProfile numeric; // of the values before binning for a binned attribute (needsBinning false then)
    std::optional<BinningDescription> binning;
    std::optional<AttributeDetails> details; // a statistical file's variable (not binned)
    std::string label; // the variable label, else a data dictionary's description (--names); may be empty
};

struct DescribeResult {
    std::size_t rows = 0, droppedRows = 0;
    std::optional<double> records; // weighted data only
    bool dropIncomplete = false;
    std::vector<AttributeDescription> attributes;
};

// Returning false stops the counting pass (Cancelled); called with the fraction read.
// InputError for an attribute listed twice or unknown (the CLI's words).
DescribeResult describeOf(const DescribeRequest& request, const ProgressFunction& progress = {});

// The CLI's JSON of `result` (nlohmann ordered keys).
Json describeJson(const DescribeResult& result);

} // namespace rr::api
