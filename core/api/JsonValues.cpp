#include "core/api/JsonValues.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace rr::api {

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

Json attributeValues(const std::vector<std::string>& names, const std::vector<double>& values)
{
    Json out = Json::object();
    for (std::size_t k = 0; k < names.size(); ++k)
        out[names[k]] = values[k];
    return out;
}

} // namespace rr::api
