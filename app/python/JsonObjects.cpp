#include "app/python/JsonObjects.h"

#include "app/cli/Json.h"

namespace rr::python {
namespace py = pybind11;
namespace {

// Invalid UTF-8 in user-given strings is replaced, as the CLI's writer replaces it.
py::object text(const std::string& s)
{
    PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
    if (!o)
        throw py::error_already_set();
    return py::reinterpret_steal<py::object>(o);
}

py::object convert(const api::Json& j)
{
    switch (j.type()) {
    case api::Json::value_t::null: return py::none();
    case api::Json::value_t::boolean: return py::bool_(j.get<bool>());
    case api::Json::value_t::number_unsigned: return py::int_(j.get<std::uint64_t>());
    case api::Json::value_t::number_integer: return py::int_(j.get<std::int64_t>());
    case api::Json::value_t::number_float: return py::float_(j.get<double>());
    case api::Json::value_t::string: return text(j.get_ref<const std::string&>());
    case api::Json::value_t::array: {
        py::list out;
        for (const auto& v : j)
            out.append(convert(v));
        return out;
    }
    case api::Json::value_t::object: {
        py::dict out;
        for (const auto& [key, value] : j.items())
            out[text(key)] = convert(value);
        return out;
    }
    default: throw std::logic_error("a JSON value of no Python type");
    }
}

} // namespace

py::object toPython(const api::Json& j)
{
    cli::requireFinite(j);
    return convert(j);
}

} // namespace rr::python
