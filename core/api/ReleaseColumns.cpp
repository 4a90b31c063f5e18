#include "core/api/ReleaseColumns.h"

#include "core/api/Names.h"
#include "core/data/Errors.h"

#include <algorithm>

namespace rr::api {

void checkKeepColumns(const std::vector<std::string>& keep, const std::vector<std::string>& columns,
                      const std::vector<std::string>& released)
{
    for (const std::string& name : keep) {
        if (std::find(columns.begin(), columns.end(), name) == columns.end())
            throw InputError("unknown attribute '" + name + "' in --keep (the table has: " + joinNames(columns) + ")");
        if (std::find(released.begin(), released.end(), name) != released.end())
            throw InputError("'" + name + "' is released already (randomized, generalized or the sensitive "
                             "attribute); --keep names other columns to write in clear");
    }
}

Json releaseColumnsJson(const std::vector<std::string>& columns, const std::vector<ColumnRelease>& released)
{
    Json randomized = Json::array(), generalized = Json::array(), clear = Json::array(), dropped = Json::array();
    for (std::size_t c = 0; c < columns.size() && c < released.size(); ++c)
        switch (released[c].action) {
        case ColumnRelease::Action::Randomize:
            randomized.push_back(columns[c]);
            break;
        case ColumnRelease::Action::Recode:
            generalized.push_back(columns[c]);
            break;
        case ColumnRelease::Action::Clear:
            clear.push_back(columns[c]);
            break;
        case ColumnRelease::Action::Drop:
            dropped.push_back(columns[c]);
            break;
        }
    Json j{{"randomized", randomized}, {"kept_in_clear", clear}, {"dropped", dropped}};
    if (!generalized.empty())
        j["generalized"] = generalized;
    return j;
}

} // namespace rr::api
