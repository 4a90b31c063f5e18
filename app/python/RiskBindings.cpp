// rr_explorer's `risk`: the typed request filled from Python's arguments, core/api's riskOf, and its result as
// objects with attributes; to_dict() is core/api's riskJson, so it equals the CLI's output.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Requests.h"
#include "app/cli/SessionOptions.h"
#include "app/python/Bridge.h"
#include "app/python/JsonObjects.h"
#include "core/api/Risk.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

namespace rr::python {
namespace {

py::dict named(const std::vector<std::pair<std::string, std::string>>& values)
{
    py::dict out;
    for (const auto& [name, value] : values)
        out[py::str(name)] = value;
    return out;
}

py::dict quantiles(const RiskSummary& s)
{
    py::dict out;
    out["p50"] = s.p50;
    out["p90"] = s.p90;
    out["p99"] = s.p99;
    return out;
}

// {attribute: p}, None for an attribute given by a matrix.
py::dict retentions(const api::Distortions& d)
{
    py::dict out;
    for (std::size_t k = 0; k < d.names.size(); ++k)
        out[py::str(d.names[k])] = d.specs[k].kind == DistortionKind::Warner ? py::object(py::float_(d.specs[k].p))
                                                                              : py::object(py::none());
    return out;
}

py::dict epsilons(const api::RiskResult& r)
{
    py::dict out;
    for (std::size_t k = 0; k < r.epsilon.size(); ++k)
        out[py::str(r.distortions.names[k])] =
            r.epsilon[k].guaranteed ? py::object(py::float_(r.epsilon[k].value)) : py::object(py::none());
    return out;
}

// The summary's figures as attributes of any class holding a RiskFigures.
template <typename C, typename Get>
void figureProperties(C& c, Get figures)
{
    using T = typename C::type;
    c.def_property_readonly("records", [figures](const T& o) { return figures(o).summary.records; })
        .def_property_readonly("cells", [figures](const T& o) { return figures(o).summary.cells; })
        .def_property_readonly("max_risk", [figures](const T& o) { return figures(o).summary.maxRisk; })
        .def_property_readonly("mean_risk", [figures](const T& o) { return figures(o).summary.meanRisk; })
        .def_property_readonly("quantiles", [figures](const T& o) { return quantiles(figures(o).summary); })
        .def_property_readonly("records_over_tau",
                               [figures](const T& o) { return figures(o).summary.recordsOverTau; })
        .def_property_readonly("worst", [figures](const T& o) { return named(figures(o).worst); });
}

py::dict groupDict(const api::GroupValue& g)
{
    py::dict out;
    out["qi"] = named(g.qi);
    out["sensitive"] = g.sensitive;
    out["records"] = g.records;
    out["share"] = g.share;
    out["group_records"] = g.groupRecords;
    return out;
}

void bindParts(py::module_& m)
{
    py::class_<ReidentificationSummary>(m, "ReidentificationSummary")
        .def_readonly("records", &ReidentificationSummary::records)
        .def_readonly("max", &ReidentificationSummary::max)
        .def_readonly("mean", &ReidentificationSummary::mean)
        .def_readonly("above_threshold", &ReidentificationSummary::aboveThreshold)
        .def_readonly("sample_uniques", &ReidentificationSummary::sampleUniques)
        .def_property_readonly("histogram", [](const ReidentificationSummary& s) { return py::array(py::cast(s.histogram)); });
    py::class_<ReidentificationRisk>(m, "ReidentificationRisk")
        .def_readonly("original", &ReidentificationRisk::original)
        .def_readonly("randomized", &ReidentificationRisk::randomized)
        .def_readonly("threshold", &ReidentificationRisk::threshold)
        .def_property_readonly("cells", [](const ReidentificationRisk& r) {
            std::vector<double> count, original, randomized;
            for (const ReidentificationCell& c : r.cells) {
                count.push_back(c.count);
                original.push_back(c.original);
                randomized.push_back(c.randomized);
            }
            py::dict out;
            out["count"] = py::array(py::cast(count));
            out["original"] = py::array(py::cast(original));
            out["randomized"] = py::array(py::cast(randomized));
            return out;
        }, "Per QI cell with records: NumPy arrays 'count', 'original' and 'randomized' (the risks).");
    py::class_<api::Inference>(m, "Inference")
        .def_readonly("prior_value", &api::Inference::priorValue)
        .def_readonly("prior_share", &api::Inference::priorShare)
        .def_readonly("groups_max", &api::Inference::groupsMax)
        .def_readonly("groups_mean", &api::Inference::groupsMean)
        .def_readonly("records_over_tau", &api::Inference::recordsOverTau)
        .def_property_readonly("worst_group", [](const api::Inference& i) { return groupDict(i.worstGroup); })
        .def_property_readonly("groups_over_tau", [](const api::Inference& i) -> py::object {
            if (!i.groupsOverTau)
                return py::none();
            py::list out;
            for (const api::GroupValue& g : *i.groupsOverTau)
                out.append(groupDict(g));
            return out;
        });
    auto target = py::class_<api::TargetRisk>(m, "TargetRisk")
                      .def_readonly("attribute", &api::TargetRisk::attribute)
                      .def_readonly("knows", &api::TargetRisk::knows)
                      .def_readonly("records_set", &api::TargetRisk::recordsSet)
                      .def_readonly("inference", &api::TargetRisk::inference);
    figureProperties(target, [](const api::TargetRisk& t) -> const api::RiskFigures& { return t.figures; });
}

void bindResult(py::module_& m)
{
    auto c = py::class_<api::RiskResult>(m, "RiskResult", "The result of rr_explorer.risk (core/api/Risk.h).")
                 .def_readonly("rows", &api::RiskResult::rows)
                 .def_readonly("dropped_rows", &api::RiskResult::droppedRows)
                 .def_readonly("tau", &api::RiskResult::tau)
                 .def_property_readonly("p", [](const api::RiskResult& r) { return retentions(r.distortions); })
                 .def_property_readonly("epsilon", &epsilons)
                 .def_property_readonly("reidentification", [](const api::RiskResult& r) -> py::object {
                     const auto& risk = r.reidentification.risk;
                     return risk ? py::cast(*risk) : py::none();
                 })
                 .def_readonly("inference", &api::RiskResult::inference)
                 .def_readonly("sensitive", &api::RiskResult::targets)
                 .def_readonly("warnings", &api::RiskResult::warnings)
                 .def_property_readonly("several", &api::RiskResult::several)
                 .def("to_dict", [](const api::RiskResult& r) { return toPython(api::riskJson(r)); },
                      "The CLI's JSON of `risk` for the same arguments, as a dict.");
    figureProperties(c, [](const api::RiskResult& r) -> const api::RiskFigures& { return r.figures; });
}

api::RiskResult riskFromArguments(Source data, std::vector<std::string> qi, std::vector<std::string> sensitive,
                                  api::Knows knows, bool dropIncomplete,
                                  std::vector<std::pair<std::string, double>> p,
                                  std::vector<std::pair<std::string, std::string>> matrix, std::optional<double> tau,
                                  double threshold, py::object progress)
{
    api::RiskRequest request;
    request.data.table = std::move(data.source);
    request.qi = std::move(qi);
    request.sensitive = std::move(sensitive);
    request.knows = std::move(knows);
    request.dropIncomplete = dropIncomplete;
    request.distortions = {std::move(p), std::move(matrix)};
    request.tau = tau;
    request.threshold = threshold;
    request.threads = cli::cliThreads();
    return interruptible("risk", std::move(progress),
                         [&](const ProgressFunction& f) { return api::riskOf(request, f); });
}

// A session file's roles and p fill what the arguments leave out: the CLI's own reading of `args`.
api::RiskResult riskFromCommandLine(const std::vector<std::string>& args, py::object progress)
{
    const api::RiskRequest request = translated("risk", [&] {
        const cli::Command c = cli::riskCommand();
        return cli::riskRequestFrom(cli::Options::parse(c.name, cli::expandSession(args, c.options), c.options));
    });
    return interruptible("risk", std::move(progress),
                         [&](const ProgressFunction& f) { return api::riskOf(request, f); });
}

} // namespace

void bindRisk(py::module_& m)
{
    bindParts(m);
    bindResult(m);
    m.def("risk", &riskFromArguments, py::arg("data"), py::arg("qi"), py::arg("sensitive"), py::arg("knows"),
          py::arg("drop_incomplete"), py::arg("p"), py::arg("matrix"), py::arg("tau"), py::arg("threshold"),
          py::arg("progress"), "core/api riskOf; rr_explorer.risk documents the arguments.");
    m.def("risk_from_args", &riskFromCommandLine, py::arg("args"), py::arg("progress"),
          "riskOf of the CLI's `risk` options (the session path).");
}

} // namespace rr::python
