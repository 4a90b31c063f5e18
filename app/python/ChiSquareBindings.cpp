// rr_explorer's `independence` and `loglinear`, the two chi-square tests: the typed requests filled from Python's
// arguments, core/api's independenceOf and loglinearOf, and their results as objects with attributes; to_dict() is
// core/api's independenceJson and loglinearJson, the CLI's output.
#include "app/cli/Requests.h"
#include "app/python/Bridge.h"
#include "app/python/JsonObjects.h"
#include "core/api/Independence.h"
#include "core/api/Loglinear.h"

#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <cmath>

namespace rr::python {
namespace {

using I = api::IndependenceResult;
using L = api::LoglinearModelResult;

// A defined, finite statistic; else None (the JSON's null, whose reason to_dict()'s notes give).
py::object statOf(const StatValue& v)
{
    return v.defined && std::isfinite(v.value) ? py::object(py::float_(v.value)) : py::object(py::none());
}

// chi_square, g_square, df, p_value and g_p_value as attributes of any class holding a GoodnessOfFit.
template <typename C, typename Get>
void fitProperties(C& c, Get fit)
{
    using T = typename C::type;
    c.def_property_readonly("chi_square", [fit](const T& o) { return statOf(fit(o).chiSquare); })
        .def_property_readonly("g_square", [fit](const T& o) { return statOf(fit(o).gSquare); })
        .def_property_readonly("df", [fit](const T& o) { return fit(o).df; })
        .def_property_readonly("p_value", [fit](const T& o) { return statOf(fit(o).pValue); })
        .def_property_readonly("g_p_value", [fit](const T& o) { return statOf(fit(o).gPValue); });
}

py::dict fitDict(const GoodnessOfFit& f)
{
    py::dict out;
    out["chi_square"] = statOf(f.chiSquare);
    out["g_square"] = statOf(f.gSquare);
    out["df"] = f.df;
    out["p_value"] = statOf(f.pValue);
    out["g_p_value"] = statOf(f.gPValue);
    return out;
}

void bindIndependence(py::module_& m)
{
    auto c = py::class_<I>(m, "IndependenceResult", "The result of rr_explorer.independence (core/api/Independence.h).")
                 .def_readonly("attributes", &I::attributes)
                 .def_readonly("given", &I::given)
                 .def_readonly("rows", &I::rows)
                 .def_readonly("dropped_rows", &I::droppedRows)
                 .def_readonly("n", &I::n)
                 .def_property_readonly("p", [](const I& r) -> py::object {
                     return r.withDistortions ? py::object(retentionsOf(r.distortions)) : py::none();
                 })
                 .def_readonly("alpha", &I::alpha)
                 .def_readonly("source", &I::source)
                 .def_property_readonly("rejected", [](const I& r) { return r.test.rejected; })
                 .def_property_readonly("original", [](const I& r) -> py::object {
                     if (!r.original)
                         return py::none();
                     py::dict out = fitDict(r.original->fit);
                     out["rejected"] = r.original->rejected;
                     return out;
                 }, "Original data with p: the test on the original counts beside the expected randomized one's.")
                 .def_property_readonly("summary", [](const I& r) -> py::object {
                     return r.original ? py::object(py::str(r.summary)) : py::none();
                 })
                 .def_property_readonly("valid", [](const I& r) { return r.validity.valid; })
                 .def_property_readonly("validity_reason", [](const I& r) { return r.validity.reason; })
                 .def("to_dict", [](const I& r) { return toPython(api::independenceJson(r)); },
                      "The CLI's JSON of `independence` for the same arguments, as a dict.");
    fitProperties(c, [](const I& r) -> const GoodnessOfFit& { return r.test.fit; });
}

py::list stepsOf(const ModelSearchResult& s)
{
    py::list steps;
    for (const SearchStep& step : s.steps) {
        py::list candidates;
        for (const SearchCandidate& c : step.candidates) {
            py::dict cd = fitDict(c.fit);
            cd["removed"] = c.removedText;
            cd["model"] = c.modelText;
            cd["delta_g_square"] = std::isfinite(c.deltaG2) ? py::object(py::float_(c.deltaG2)) : py::none();
            cd["delta_df"] = c.deltaDf;
            cd["delta_p_value"] = statOf(c.deltaPValue);
            cd["criterion"] = statOf(c.criterion);
            candidates.append(cd);
        }
        py::dict sd;
        sd["from"] = step.from;
        sd["removed"] = step.chosen >= 0 ? py::object(py::str(step.candidates[static_cast<std::size_t>(step.chosen)].removedText))
                                         : py::none();
        sd["decision"] = step.decision;
        sd["candidates"] = candidates;
        steps.append(sd);
    }
    return steps;
}

void bindLoglinear(py::module_& m)
{
    auto c = py::class_<L>(m, "LoglinearResult", "The result of rr_explorer.loglinear (core/api/Loglinear.h).")
                 .def_property_readonly("model", [](const L& r) { return r.fit.model; })
                 .def_property_readonly("attributes", [](const L& r) { return r.table->names; })
                 .def_property_readonly("letters", [](const L& r) {
                     py::dict out;
                     for (std::size_t k = 0; k < r.letters.size(); ++k)
                         out[py::str(std::string(1, r.letters[k]))] = r.table->names[k];
                     return out;
                 })
                 .def_property_readonly("source", [](const L& r) { return toString(r.fit.source); })
                 .def_readonly("rows", &L::rows)
                 .def_readonly("dropped_rows", &L::droppedRows)
                 .def_readonly("n", &L::n)
                 .def_property_readonly("p", [](const L& r) -> py::object {
                     return r.withDistortions ? py::object(retentionsOf(r.distortions)) : py::none();
                 })
                 .def_property_readonly("preserved", [](const L& r) -> py::object {
                     return r.fit.preservation ? py::object(py::bool_(r.fit.preservation->preserved)) : py::none();
                 })
                 .def_property_readonly("preserved_reason", [](const L& r) -> py::object {
                     return r.fit.preservation ? py::object(py::str(r.fit.preservation->reason)) : py::none();
                 })
                 .def_property_readonly("iterations", [](const L& r) { return r.fit.iterations; })
                 .def_property_readonly("converged", [](const L& r) { return r.fit.converged; })
                 .def_property_readonly("observed", [](const L& r) { return r.fit.observed; },
                                        "Per cell (row-major, last attribute fastest): the counts fitted.")
                 .def_property_readonly("fitted", [](const L& r) { return r.fit.fitted; }, "Per cell: m-hat.")
                 .def_property_readonly("categories", [](const L& r) { return r.table->categories; })
                 .def_property_readonly("path", [](const L& r) -> py::object {
                     return r.search ? py::cast(r.search->path) : py::none();
                 }, "With search: the models visited, saturated first, chosen last.")
                 .def_property_readonly("steps", [](const L& r) -> py::object {
                     return r.search ? py::object(stepsOf(*r.search)) : py::none();
                 }, "With search: every step with its candidates.")
                 .def("to_dict", [](const L& r) { return toPython(api::loglinearJson(r)); },
                      "The CLI's JSON of `loglinear` for the same arguments, as a dict.");
    fitProperties(c, [](const L& r) -> const GoodnessOfFit& { return r.fit.fit; });
}

I independenceFromArguments(Source data, std::vector<std::string> attributes, std::vector<std::string> given,
                            bool dropIncomplete, std::vector<std::pair<std::string, double>> p,
                            std::vector<std::pair<std::string, std::string>> matrix, bool randomized, double alpha,
                            py::object progress)
{
    api::IndependenceRequest request;
    request.data.table = std::move(data.source);
    request.attributes = std::move(attributes);
    request.given = std::move(given);
    request.dropIncomplete = dropIncomplete;
    request.distortions = {std::move(p), std::move(matrix)};
    request.randomized = randomized;
    request.alpha = alpha;
    return interruptible("independence", std::move(progress),
                         [&](const ProgressFunction& f) { return api::independenceOf(request, f); });
}

L loglinearFromArguments(Source data, std::vector<std::string> attributes, bool dropIncomplete,
                         std::vector<std::pair<std::string, double>> p,
                         std::vector<std::pair<std::string, std::string>> matrix, bool randomized,
                         std::optional<std::string> model, bool search, std::optional<double> alpha,
                         std::optional<std::string> criterion, py::object progress)
{
    api::LoglinearRequest request;
    request.data.table = std::move(data.source);
    request.attributes = std::move(attributes);
    request.dropIncomplete = dropIncomplete;
    request.distortions = {std::move(p), std::move(matrix)};
    request.randomized = randomized;
    request.model = std::move(model);
    request.search = search;
    request.alpha = alpha;
    translated("loglinear", [&] { // the CLI's order: the choice of model or search, then the criterion
        api::checkModelChoice(request.model.has_value(), search, alpha || criterion);
        if (criterion)
            request.criterion = api::criterionOf(*criterion);
    });
    return interruptible("loglinear", std::move(progress),
                         [&](const ProgressFunction& f) { return api::loglinearOf(request, f); });
}

I independenceFromCommandLine(const std::vector<std::string>& args, py::object progress)
{
    const auto request = requestFromArgs(cli::independenceCommand(), args, cli::independenceRequestFrom);
    return interruptible("independence", std::move(progress),
                         [&](const ProgressFunction& f) { return api::independenceOf(request, f); });
}

L loglinearFromCommandLine(const std::vector<std::string>& args, py::object progress)
{
    const auto request = requestFromArgs(cli::loglinearCommand(), args, cli::loglinearRequestFrom);
    return interruptible("loglinear", std::move(progress),
                         [&](const ProgressFunction& f) { return api::loglinearOf(request, f); });
}

} // namespace

void bindChiSquareTests(py::module_& m)
{
    bindIndependence(m);
    bindLoglinear(m);
    m.def("independence", &independenceFromArguments, py::arg("data"), py::arg("attributes"), py::arg("given"),
          py::arg("drop_incomplete"), py::arg("p"), py::arg("matrix"), py::arg("randomized"), py::arg("alpha"),
          py::arg("progress"), "core/api independenceOf; rr_explorer.independence documents the arguments.");
    m.def("independence_from_args", &independenceFromCommandLine, py::arg("args"), py::arg("progress"),
          "independenceOf of the CLI's `independence` options (the session path).");
    m.def("loglinear", &loglinearFromArguments, py::arg("data"), py::arg("attributes"), py::arg("drop_incomplete"),
          py::arg("p"), py::arg("matrix"), py::arg("randomized"), py::arg("model"), py::arg("search"),
          py::arg("alpha"), py::arg("criterion"), py::arg("progress"),
          "core/api loglinearOf; rr_explorer.loglinear documents the arguments.");
    m.def("loglinear_from_args", &loglinearFromCommandLine, py::arg("args"), py::arg("progress"),
          "loglinearOf of the CLI's `loglinear` options (the session path).");
}

} // namespace rr::python
