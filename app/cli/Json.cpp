#include "app/cli/Json.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rr::cli {

void Notes::add(const std::string& note)
{
    if (std::find(m_lines.begin(), m_lines.end(), note) == m_lines.end())
        m_lines.push_back(note);
}

Json finiteOrNull(double v, const std::string& why, Notes& notes)
{
    if (std::isfinite(v))
        return v;
    notes.add(why);
    return nullptr;
}

Json countValue(double v)
{
    if (v >= 0 && v < 9007199254740992.0 && v == std::floor(v))
        return static_cast<std::uint64_t>(v);
    return v;
}

void requireFinite(const Json& j, const std::string& path)
{
    if (j.is_number_float() && !std::isfinite(j.get<double>()))
        throw std::logic_error("a non-finite number reached the JSON output at '" + (path.empty() ? "/" : path) + "'");
    if (j.is_object())
        for (const auto& [key, value] : j.items())
            requireFinite(value, path + "/" + key);
    if (j.is_array())
        for (std::size_t i = 0; i < j.size(); ++i)
            requireFinite(j[i], path + "/" + std::to_string(i));
}

void writeJson(const Json& j, std::ostream& out)
{
    out << j.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
    out.flush();
}

} // namespace rr::cli
