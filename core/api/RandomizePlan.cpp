#include "core/api/RandomizePlan.h"

#include "core/data/Errors.h"

#include <algorithm>

namespace rr::api {
namespace {

bool contains(const std::vector<std::string>& names, const std::string& name)
{
    return std::find(names.begin(), names.end(), name) != names.end();
}

std::size_t indexOf(const std::vector<std::string>& names, const std::string& name)
{
    return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
}

bool randomized(const ColumnRelease& c)
{
    return c.action == ColumnRelease::Action::Randomize;
}

// The randomized columns' categories (`found`, in the source's column order) and their matrices (in the
// request's attribute order) put into the plan.
void completePlan(const RandomizeRequest& request, const std::vector<std::string>& columns, ReleasePlan& p,
                  const std::vector<std::vector<std::string>>& found, Distortions& distortions)
{
    const std::vector<std::string>& names = request.attributes;
    std::vector<std::vector<std::string>> categories(names.size());
    std::size_t next = 0;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        if (!randomized(p.columns[c]))
            continue;
        if (found.at(next).empty())
            throw InputError("attribute '" + columns[c] + "' has no values (it is missing in every record)");
        categories[indexOf(names, columns[c])] = found[next++];
    }
    distortions = distortionsOf(request.distortions, names, categories);
    for (std::size_t c = 0; c < columns.size(); ++c) {
        if (!randomized(p.columns[c]))
            continue;
        const std::size_t k = indexOf(names, columns[c]);
        p.columns[c].categories = categories[k];
        p.columns[c].matrix = distortions.matrices[k];
    }
}

// A pass over the randomized columns (in the source's order) counting their categories.
std::vector<AttributeSummary> countRandomized(const DataSource& source, const std::vector<std::string>& columns,
                                              const std::vector<std::string>& names, const ProgressFunction& progress)
{
    std::vector<std::string> inColumnOrder;
    for (const std::string& column : columns)
        if (contains(names, column))
            inColumnOrder.push_back(column);
    return source.describeAttributes(inColumnOrder, progress);
}

} // namespace

ReleasePlan randomizePlan(const RandomizeRequest& request, const std::vector<std::string>& columns)
{
    ReleasePlan plan;
    plan.missingToken = request.missingToken;
    plan.keepOrder = request.keepOrder;
    for (const std::string& column : columns) {
        ColumnRelease c;
        if (contains(request.attributes, column))
            c.action = ColumnRelease::Action::Randomize;
        else if (contains(request.keep, column))
            c.action = ColumnRelease::Action::Clear;
        plan.columns.push_back(std::move(c));
    }
    return plan;
}

std::vector<AttributeSummary> planCategories(const RandomizeRequest& request, const DataSource& source,
                                             const std::vector<std::string>& columns, bool countFirst,
                                             ReleasePlan& plan, Distortions& distortions,
                                             const ProgressFunction& progress)
{
    const auto complete = [&request, &columns, &distortions](ReleasePlan& p,
                                                             const std::vector<std::vector<std::string>>& found) {
        completePlan(request, columns, p, found, distortions);
    };
    if (!countFirst) {
        plan.discover = complete;
        return {};
    }
    std::vector<AttributeSummary> counted = countRandomized(source, columns, request.attributes, progress);
    std::vector<std::vector<std::string>> found;
    for (const AttributeSummary& a : counted)
        found.push_back(a.categories);
    complete(plan, found);
    return counted;
}

void noteColumnsOf(ReleasePlan& plan, std::vector<ColumnRelease>& noted)
{
    noted = plan.columns;
    if (!plan.discover)
        return;
    plan.discover = [complete = plan.discover, &noted](ReleasePlan& p,
                                                       const std::vector<std::vector<std::string>>& found) {
        complete(p, found);
        noted = p.columns;
    };
}

} // namespace rr::api
