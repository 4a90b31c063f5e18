#include "core/api/Distortions.h"

#include "core/api/Names.h"
#include "core/data/Errors.h"
#include "core/distortion/DistortionSpecJson.h"
#include "core/distortion/MatrixFile.h"

#include <algorithm>
#include <optional>

namespace rr::api {
namespace {

std::size_t indexOf(const std::vector<std::string>& names, const std::string& name, const std::string& option)
{
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end())
        throw InputError(option + " names '" + name + "', which is not among this command's attributes (" +
                         joinNames(names) + ")");
    return static_cast<std::size_t>(it - names.begin());
}

// The header may list the categories in any order: rows and columns are moved to the attribute's order
// (row u is randomized value u, so both move by the same permutation).
MatrixText inAttributeOrder(MatrixText parsed, const std::string& path, const std::string& attribute,
                            const std::vector<std::string>& categories)
{
    if (parsed.labels.empty() || parsed.labels.size() != categories.size() || parsed.labels == categories)
        return parsed; // checkMatrixForAttribute names any size problem
    std::vector<Eigen::Index> to(parsed.labels.size());
    std::vector<bool> used(categories.size(), false);
    for (std::size_t k = 0; k < parsed.labels.size(); ++k) {
        const auto it = std::find(categories.begin(), categories.end(), parsed.labels[k]);
        if (it == categories.end())
            throw InputError("matrix file '" + path + "' for attribute '" + attribute + "': header label " +
                             std::to_string(k + 1) + " is '" + parsed.labels[k] +
                             "', which is not a category of the attribute (" + joinNames(categories) + ")");
        const auto c = static_cast<std::size_t>(it - categories.begin());
        if (used[c])
            throw InputError("matrix file '" + path + "' for attribute '" + attribute + "': header label '" +
                             parsed.labels[k] + "' is given twice");
        used[c] = true;
        to[k] = static_cast<Eigen::Index>(c);
    }
    Eigen::MatrixXd m(parsed.matrix.rows(), parsed.matrix.cols());
    for (Eigen::Index u = 0; u < m.rows(); ++u)
        for (Eigen::Index v = 0; v < m.cols(); ++v)
            m(to[static_cast<std::size_t>(u)], to[static_cast<std::size_t>(v)]) = parsed.matrix(u, v);
    parsed.matrix = m;
    parsed.labels = categories;
    return parsed;
}

DistortionSpec fileSpec(const std::string& path, const std::string& attribute,
                        const std::vector<std::string>& categories, std::vector<std::string>& notes)
{
    if (path.empty())
        throw InputError("--matrix " + attribute + "= needs a file name after '='");
    const MatrixText parsed = inAttributeOrder(readMatrixFile(path), path, attribute, categories);
    checkMatrixForAttribute(parsed, path, attribute, categories);
    DistortionSpec s;
    s.kind = DistortionKind::MatrixFile;
    s.source = path;
    s.labels = categories;
    s.matrix = toRows(parsed.matrix);
    if (parsed.labels.empty() && !DistortionMatrix::fromMatrix(parsed.matrix).isWarner())
        notes.push_back("matrix file '" + path +
                        "' has no header: its rows and columns were read as the categories of '" + attribute +
                        "' in the order " + joinNames(categories) +
                        " (see \"labels\"); a quoted header row makes the order explicit");
    return s;
}

// Per attribute of `names`: its p value or its matrix file, each checked for its name.
struct Assigned {
    std::vector<std::optional<double>> p;
    std::vector<std::optional<std::string>> file;
};

Assigned assignedDistortions(const DistortionChoice& choice, const std::vector<std::string>& names)
{
    Assigned a;
    a.p.resize(names.size());
    a.file.resize(names.size());
    for (const auto& [name, value] : choice.p)
        a.p[indexOf(names, name, "--p")] = value;
    for (const auto& [name, file] : choice.matrixFiles) {
        const std::size_t k = indexOf(names, name, "--matrix");
        if (a.file[k])
            throw InputError("--matrix gives '" + name + "' more than once");
        if (a.p[k])
            throw InputError("attribute '" + name +
                             "' is given both --p and --matrix; give one distortion per attribute");
        a.file[k] = file;
    }
    return a;
}

} // namespace

bool Distortions::anyMatrixFile() const
{
    return std::any_of(specs.begin(), specs.end(),
                       [](const DistortionSpec& s) { return s.kind != DistortionKind::Warner; });
}

std::vector<int> Distortions::randomizedAxes() const
{
    std::vector<int> axes;
    for (std::size_t k = 0; k < matrices.size(); ++k)
        if (!matrices[k].matrix().isIdentity())
            axes.push_back(static_cast<int>(k));
    return axes;
}

void checkDistortions(const DistortionChoice& choice, const std::vector<std::string>& names)
{
    assignedDistortions(choice, names);
}

Distortions distortionsOf(const DistortionChoice& choice, const std::vector<std::string>& names,
                          const std::vector<std::vector<std::string>>& categories)
{
    Distortions d;
    d.names = names;
    d.specs.assign(names.size(), warnerSpec(1.0));
    const Assigned assigned = assignedDistortions(choice, names);
    std::vector<bool> fromP(names.size(), false);
    for (std::size_t k = 0; k < names.size(); ++k)
        if (assigned.p[k]) {
            d.specs[k] = warnerSpec(*assigned.p[k]);
            fromP[k] = true;
        } else if (assigned.file[k]) {
            d.specs[k] = fileSpec(*assigned.file[k], names[k], categories[k], d.notes);
        }
    for (std::size_t k = 0; k < names.size(); ++k) {
        const int dk = static_cast<int>(categories[k].size());
        // an attribute left at p = 1 may have a single category (nothing to randomize)
        d.matrices.push_back(d.specs[k].kind == DistortionKind::Warner && d.specs[k].p == 1.0 && !fromP[k]
                                 ? DistortionMatrix::identity(std::max(dk, 1))
                                 : buildDistortion(d.specs[k], dk, names[k]));
    }
    return d;
}

Json retentionJson(const Distortions& d, Notes& notes)
{
    Json out = Json::object();
    for (std::size_t k = 0; k < d.names.size(); ++k) {
        if (d.specs[k].kind == DistortionKind::Warner) {
            out[d.names[k]] = d.specs[k].p;
        } else {
            out[d.names[k]] = nullptr;
            notes.add("p is null for attributes distorted by a --matrix file: their matrix is under \"distortion\"");
        }
    }
    return out;
}

Json distortionJson(const Distortions& d, Notes& notes)
{
    for (const std::string& n : d.notes)
        notes.add(n);
    Json out = Json::object();
    for (std::size_t k = 0; k < d.names.size(); ++k)
        out[d.names[k]] = distortionSpecToJson<Json>(d.specs[k]);
    return out;
}

} // namespace rr::api
