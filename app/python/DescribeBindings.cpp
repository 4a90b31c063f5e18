// rr_explorer's `describe`: the typed request filled from Python's arguments, core/api's describeOf, and its result
// as objects with attributes (one per described attribute); to_dict() is core/api's describeJson, the CLI's output.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Requests.h"
#include "app/cli/SessionOptions.h"
#include "app/python/Bridge.h"
#include "app/python/JsonObjects.h"
#include "core/api/Describe.h"

#include <pybind11/stl.h>

namespace rr::python {
namespace {

using A = api::AttributeDescription;

py::object binningOf(const A& a)
{
    if (!a.binning)
        return py::none();
    const api::BinningDescription& b = *a.binning;
    py::dict out;
    out["kind"] = b.spec.kind == BinKind::CutPoints ? "cuts" : b.spec.kind == BinKind::EqualWidth ? "width" : "quantiles";
    out["spec"] = binSpecText(b.spec);
    out["cuts"] = b.bins.cuts; // floats, inf included
    out["last_closed"] = b.bins.lastClosed;
    out["not_numeric"] = b.notNumeric;
    out["outside"] = b.outside;
    out["labels"] = b.bins.labels;
    return out;
}

py::object codesOf(const A& a)
{
    if (!a.details)
        return py::none();
    py::dict out;
    for (const auto& [code, label] : a.details->codes)
        out[py::str(code)] = label; // a repeated code keeps its last label, as the JSON does
    return out;
}

py::object missingKindsOf(const A& a)
{
    if (!a.details || !a.missing)
        return py::none();
    py::dict tagged;
    for (const auto& [tag, n] : a.details->taggedMissing)
        tagged[py::str(std::string(1, tag))] = n;
    py::dict out;
    out["system"] = a.details->systemMissing;
    out["user"] = a.details->userMissing;
    out["tagged"] = tagged;
    return out;
}

void bindTypes(py::module_& m)
{
    py::class_<A>(m, "AttributeDescription", "One attribute of rr_explorer.describe's result.")
        .def_readonly("name", &A::name)
        .def_readonly("categories", &A::categories)
        .def_readonly("counts", &A::counts)
        .def_readonly("missing", &A::missing)
        .def_property_readonly("numeric", [](const A& a) { return a.numeric.numeric; })
        .def_property_readonly("distinct", [](const A& a) { return a.numeric.distinct; })
        .def_property_readonly("needs_binning", [](const A& a) { return a.numeric.needsBinning; })
        .def_property_readonly("binning", &binningOf)
        .def_readonly("label", &A::label)
        .def_property_readonly("codes", &codesOf)
        .def_property_readonly("missing_kinds", &missingKindsOf)
        .def("__repr__", [](const A& a) { return "AttributeDescription('" + a.name + "')"; });
    using R = api::DescribeResult;
    py::class_<R>(m, "DescribeResult", "The result of rr_explorer.describe (core/api/Describe.h).")
        .def_readonly("rows", &R::rows)
        .def_readonly("dropped_rows", &R::droppedRows)
        .def_readonly("records", &R::records)
        .def_readonly("attributes", &R::attributes)
        .def("attribute",
             [](const R& r, const std::string& name) -> const A& {
                 for (const A& a : r.attributes)
                     if (a.name == name)
                         return a;
                 throw py::key_error(name);
             },
             py::arg("name"), py::return_value_policy::copy, "The described attribute `name` (KeyError if none).")
        .def("to_dict", [](const R& r) { return toPython(api::describeJson(r)); },
             "The CLI's JSON of `describe` for the same arguments, as a dict.");
}

api::DescribeResult describeFromArguments(Source data, std::vector<std::string> attributes, bool dropIncomplete,
                                          py::object progress)
{
    api::DescribeRequest request;
    request.data.table = std::move(data.source);
    request.attributes = std::move(attributes);
    request.dropIncomplete = dropIncomplete;
    return interruptible("describe", std::move(progress),
                         [&](const ProgressFunction& f) { return api::describeOf(request, f); });
}

// A session file's data fill what the arguments leave out: the CLI's own reading of `args`.
api::DescribeResult describeFromCommandLine(const std::vector<std::string>& args, py::object progress)
{
    const api::DescribeRequest request = translated("describe", [&] {
        const cli::Command c = cli::describeCommand();
        return cli::describeRequestFrom(cli::Options::parse(c.name, cli::expandSession(args, c.options), c.options));
    });
    return interruptible("describe", std::move(progress),
                         [&](const ProgressFunction& f) { return api::describeOf(request, f); });
}

} // namespace

void bindDescribe(py::module_& m)
{
    bindTypes(m);
    m.def("describe", &describeFromArguments, py::arg("data"), py::arg("attributes"), py::arg("drop_incomplete"),
          py::arg("progress"), "core/api describeOf; rr_explorer.describe documents the arguments.");
    m.def("describe_from_args", &describeFromCommandLine, py::arg("args"), py::arg("progress"),
          "describeOf of the CLI's `describe` options (the session path).");
}

} // namespace rr::python
