// rr_explorer's `rules`: the typed request filled from Python's arguments, core/api's rulesOf, and its result as
// objects with attributes (one Itemset per frequent itemset, one Rule per rule, names instead of indices);
// to_dict() is core/api's rulesJson, the CLI's output.
#include "app/cli/Dataset.h"
#include "app/cli/Requests.h"
#include "app/python/Bridge.h"
#include "app/python/JsonObjects.h"
#include "core/api/Rules.h"

#include <pybind11/stl.h>

#include <cmath>

namespace rr::python {
namespace {

using R = api::RulesResult;

// An estimate as Python sees it: None unless finite.
py::object finite(double v)
{
    return std::isfinite(v) ? py::object(py::float_(v)) : py::object(py::none());
}

py::object finite(const MeasureValue& v)
{
    return v.defined ? finite(v.value) : py::object(py::none());
}

py::object rangeOf(const Interval& i)
{
    return py::make_tuple(i.lo, i.hi);
}

py::list namesOf(const BinaryItems& items, const std::vector<int>& indices)
{
    py::list out;
    for (int i : indices)
        out.append(items.names[static_cast<std::size_t>(i)]);
    return out;
}

py::dict supportOf(const SupportEstimate& s)
{
    py::dict d;
    d["estimate"] = finite(s.estimate);
    d["variance"] = finite(s.variance);
    d["normal"] = rangeOf(s.normal);
    d["chebyshev"] = rangeOf(s.chebyshev);
    return d;
}

py::list itemsetsOf(const R& r)
{
    py::list out;
    for (const EstimatedItemset& f : r.mined.itemsets) {
        py::dict d;
        d["items"] = namesOf(r.data.items, f.items);
        d["support"] = supportOf(f.support);
        out.append(d);
    }
    return out;
}

py::list rulesOf(const R& r)
{
    py::list out;
    for (const RuleEstimate& e : r.mined.rules) {
        py::dict d;
        d["antecedent"] = namesOf(r.data.items, e.antecedent);
        d["consequent"] = namesOf(r.data.items, e.consequent);
        d["support"] = supportOf(e.support);
        d["confidence"] = finite(e.confidence.estimate);
        d["confidence_expectation"] = finite(e.confidence.expectation);
        out.append(d);
    }
    return out;
}

void bindResult(py::module_& m)
{
    py::class_<R>(m, "RulesResult", "The result of rr_explorer.rules (core/api/Rules.h).")
        .def_readonly("items", &R::items)
        .def_property_readonly("rows", [](const R& r) { return r.data.rows; })
        .def_property_readonly("dropped_rows", [](const R& r) { return r.data.dropped; })
        .def_property_readonly("positive", [](const R& r) {
            py::dict out;
            for (std::size_t k = 0; k < r.items.size(); ++k)
                out[py::str(r.items[k])] = r.data.labels[k].present;
            return out;
        })
        .def_property_readonly("p", [](const R& r) { return retentionsOf(r.distortions); })
        .def_property_readonly("min_support", [](const R& r) { return r.mining.minSupport; })
        .def_property_readonly("min_confidence", [](const R& r) { return r.mining.minConfidence; })
        .def_property_readonly("decision", [](const R& r) { return std::string(api::ruleDecisionName(r.mining.decision)); })
        .def_property_readonly("alpha", [](const R& r) { return r.mining.alpha; })
        .def_property_readonly("candidates_counted", [](const R& r) { return r.mined.candidatesCounted; })
        .def_property_readonly("itemsets", &itemsetsOf,
                               "The frequent itemsets: {'items': [...], 'support': {'estimate', 'variance', 'normal', "
                               "'chebyshev'}}.")
        .def_property_readonly("rules", &rulesOf,
                               "The rules: {'antecedent', 'consequent', 'support', 'confidence', "
                               "'confidence_expectation'}.")
        .def_property_readonly("comparison", [](const R& r) -> py::object {
            return r.comparison ? toPython(api::rulesJson(r)["comparison"]) : py::none();
        }, "With original: 003 Table 3.3's metrics and each rule's status (as in to_dict()).")
        .def("to_dict", [](const R& r) { return toPython(api::rulesJson(r)); },
             "The CLI's JSON of `rules` for the same arguments, as a dict.");
}

R rulesFromArguments(Source data, std::vector<std::string> items, double minSupport, double minConfidence,
                     const std::string& decision, std::vector<std::pair<std::string, double>> p,
                     std::vector<std::pair<std::string, std::string>> matrix,
                     std::vector<std::pair<std::string, std::string>> positive, std::optional<std::string> original,
                     std::vector<std::string> originalArgs, double alpha, bool dropIncomplete, py::object progress)
{
    api::RulesRequest request;
    request.data.table = std::move(data.source);
    request.items = std::move(items);
    request.mining.minSupport = minSupport;
    request.mining.minConfidence = minConfidence;
    request.mining.alpha = alpha;
    request.distortions = {std::move(p), std::move(matrix)};
    request.positive = {positive.begin(), positive.end()};
    request.dropIncomplete = dropIncomplete;
    translated("rules", [&] { // the original's CSV options: the CLI's parser of the data options
        request.mining.decision = api::ruleDecisionOf(decision);
        if (original) {
            const cli::Options options = cli::Options::parse("rules", originalArgs, cli::dataOptions());
            request.original = api::OriginalItems{*original, cli::csvOptions(options)};
        }
    });
    return interruptible("rules", std::move(progress), [&](const ProgressFunction& f) { return api::rulesOf(request, f); });
}

R rulesFromCommandLine(const std::vector<std::string>& args, py::object progress)
{
    const auto request = requestFromArgs(cli::rulesCommand(), args, cli::rulesRequestFrom);
    return interruptible("rules", std::move(progress), [&](const ProgressFunction& f) { return api::rulesOf(request, f); });
}

} // namespace

void bindRules(py::module_& m)
{
    bindResult(m);
    m.def("rules", &rulesFromArguments, py::arg("data"), py::arg("items"), py::arg("min_support"),
          py::arg("min_confidence"), py::arg("decision"), py::arg("p"), py::arg("matrix"), py::arg("positive"),
          py::arg("original"), py::arg("original_args"), py::arg("alpha"), py::arg("drop_incomplete"),
          py::arg("progress"), "core/api rulesOf; rr_explorer.rules documents the arguments.");
    m.def("rules_from_args", &rulesFromCommandLine, py::arg("args"), py::arg("progress"),
          "rulesOf of the CLI's `rules` options (the session path).");
}

} // namespace rr::python
