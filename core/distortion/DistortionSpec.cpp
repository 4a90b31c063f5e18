#include "core/distortion/DistortionSpec.h"

#include "core/data/Errors.h"
#include "core/distortion/InvariantPram.h"
#include "core/distortion/MatrixFile.h"
#include "core/distortion/MatrixValidation.h"

#include <cmath>
#include <sstream>

namespace rr {

std::string toString(DistortionKind kind)
{
    switch (kind) {
    case DistortionKind::Warner: return "warner";
    case DistortionKind::Binary: return "binary";
    case DistortionKind::MatrixFile: return "matrix";
    case DistortionKind::InvariantPram: return "invariant-pram";
    }
    return "warner";
}

DistortionKind parseDistortionKind(std::string_view name)
{
    for (DistortionKind k :
         {DistortionKind::Warner, DistortionKind::Binary, DistortionKind::MatrixFile, DistortionKind::InvariantPram})
        if (name == toString(k))
            return k;
    throw InputError("unknown distortion kind '" + std::string(name) +
                     "'; expected warner, binary, matrix or invariant-pram");
}

DistortionSpec warnerSpec(double p)
{
    DistortionSpec s;
    s.kind = DistortionKind::Warner;
    s.p = p;
    return s;
}

DistortionSpec binarySpec(double p0, double p1)
{
    DistortionSpec s;
    s.kind = DistortionKind::Binary;
    s.p0 = p0;
    s.p1 = p1;
    return s;
}

std::vector<std::vector<double>> toRows(const Eigen::MatrixXd& m)
{
    std::vector<std::vector<double>> rows(static_cast<std::size_t>(m.rows()));
    for (Eigen::Index u = 0; u < m.rows(); ++u)
        for (Eigen::Index v = 0; v < m.cols(); ++v)
            rows[static_cast<std::size_t>(u)].push_back(m(u, v));
    return rows;
}

Eigen::MatrixXd fromRows(const std::vector<std::vector<double>>& rows, const std::string& attribute)
{
    const std::string who =
        attribute.empty() ? std::string("the distortion matrix") : "the distortion matrix of '" + attribute + "'";
    if (rows.size() > static_cast<std::size_t>(kMaxMatrixCategories))
        throw InputError(who + " has " + std::to_string(rows.size()) + " rows; at most " +
                         std::to_string(kMaxMatrixCategories) + " categories are supported");
    const std::size_t cols = rows.empty() ? 0 : rows.front().size();
    for (std::size_t u = 0; u < rows.size(); ++u)
        if (rows[u].size() != cols)
            throw InputError(who + ": row " + std::to_string(u + 1) + " has " + std::to_string(rows[u].size()) +
                             " entries, row 1 has " + std::to_string(cols));
    if (cols > static_cast<std::size_t>(kMaxMatrixCategories))
        throw InputError(who + " has " + std::to_string(cols) + " columns; at most " +
                         std::to_string(kMaxMatrixCategories) + " categories are supported");
    Eigen::MatrixXd m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(cols));
    for (std::size_t u = 0; u < rows.size(); ++u)
        for (std::size_t v = 0; v < cols; ++v)
            m(static_cast<Eigen::Index>(u), static_cast<Eigen::Index>(v)) = rows[u][v];
    return m;
}

DistortionSpec matrixFileSpec(const std::string& path, const std::string& attribute,
                              const std::vector<std::string>& categories)
{
    const MatrixText parsed = readMatrixFile(path);
    checkMatrixForAttribute(parsed, path, attribute, categories);
    DistortionSpec s;
    s.kind = DistortionKind::MatrixFile;
    s.source = path;
    s.labels = parsed.labels;
    s.matrix = toRows(parsed.matrix);
    return s;
}

DistortionSpec invariantPramSpec(const Eigen::VectorXd& marginal, double pd, double alpha,
                                 const Eigen::VectorXd& diagonal)
{
    const Eigen::VectorXd theta = diagonal.size() > 0 ? diagonal : Eigen::VectorXd::Constant(marginal.size(), pd);
    DistortionSpec s;
    s.kind = DistortionKind::InvariantPram;
    s.pd = pd;
    s.alpha = alpha;
    s.pramDiagonal.assign(theta.data(), theta.data() + theta.size());
    s.pramMarginal.assign(marginal.data(), marginal.data() + marginal.size());
    s.matrix = toRows(invariantPramMatrix(marginal, theta, alpha));
    return s;
}

DistortionMatrix binaryDistortion(double p0, double p1)
{
    if (!(p0 >= 0.0 && p0 <= 1.0 && p1 >= 0.0 && p1 <= 1.0)) {
        std::ostringstream os;
        os << "binary distortion: p0 = " << p0 << " and p1 = " << p1 << " must lie in [0, 1]";
        throw InputError(os.str());
    }
    Eigen::Matrix2d m;
    m << p0, 1.0 - p1, 1.0 - p0, p1;
    return DistortionMatrix::fromMatrix(m);
}

DistortionMatrix buildDistortion(const DistortionSpec& spec, int d, const std::string& attribute)
{
    const MatrixOrigin origin{spec.kind == DistortionKind::MatrixFile ? spec.source : std::string(), attribute, d};
    switch (spec.kind) {
    case DistortionKind::Warner: checkRetention(attribute, d, spec.p); return DistortionMatrix::warner(d, spec.p);
    case DistortionKind::Binary: {
        if (d != 2)
            throw InputError("attribute '" + attribute + "' has " + std::to_string(d) +
                             " categories; the binary (p0, p1) matrix needs exactly 2");
        const DistortionMatrix m = binaryDistortion(spec.p0, spec.p1);
        if (!(spec.p0 + spec.p1 > 1.0)) {
            std::ostringstream os;
            os << "attribute '" << attribute << "': p0 + p1 = " << spec.p0 + spec.p1
               << " must exceed 1 (at 1 nothing can be reconstructed; below 1 the matrix swaps the categories)";
            throw InputError(os.str());
        }
        validateDistortionMatrix(m.matrix(), origin);
        return m;
    }
    case DistortionKind::MatrixFile:
    case DistortionKind::InvariantPram: {
        Eigen::MatrixXd m;
        if (!spec.matrix.empty())
            m = fromRows(spec.matrix, attribute);
        else if (spec.kind == DistortionKind::InvariantPram && !spec.pramMarginal.empty())
            m = invariantPramMatrix(
                Eigen::Map<const Eigen::VectorXd>(spec.pramMarginal.data(),
                                                  static_cast<Eigen::Index>(spec.pramMarginal.size())),
                spec.pramDiagonal.empty()
                    ? Eigen::VectorXd::Constant(static_cast<Eigen::Index>(spec.pramMarginal.size()), spec.pd)
                    : Eigen::VectorXd(Eigen::Map<const Eigen::VectorXd>(
                          spec.pramDiagonal.data(), static_cast<Eigen::Index>(spec.pramDiagonal.size()))),
                spec.alpha);
        else
            throw InputError("attribute '" + attribute + "': the " + toString(spec.kind) +
                             " distortion carries no matrix");
        validateDistortionMatrix(m, origin);
        return DistortionMatrix::fromMatrix(m);
    }
    }
    throw InputError("attribute '" + attribute + "': unknown distortion kind");
}

DistortionSpec specOf(const DistortionMatrix& m)
{
    if (m.isWarner())
        return warnerSpec(m.retention());
    DistortionSpec s;
    s.kind = DistortionKind::MatrixFile;
    s.matrix = toRows(m.matrix());
    return s;
}

std::string describe(const DistortionSpec& spec)
{
    std::ostringstream os;
    switch (spec.kind) {
    case DistortionKind::Warner: os << "Warner p = " << spec.p; break;
    case DistortionKind::Binary: os << "binary p0 = " << spec.p0 << ", p1 = " << spec.p1; break;
    case DistortionKind::MatrixFile:
        if (spec.source.empty())
            os << "explicit matrix";
        else
            os << "matrix from '" << spec.source << "'";
        break;
    case DistortionKind::InvariantPram:
        os << "invariant PRAM (pd = " << spec.pd << ", alpha = " << spec.alpha << ")";
        break;
    }
    return os.str();
}

OptimizerScope optimizerScope(const DistortionSpec& spec, const std::string& attribute)
{
    if (spec.kind == DistortionKind::Warner)
        return {};
    return {false, "the optimizer searches Warner's family only (one p per attribute); '" + attribute + "' uses " +
                       describe(spec) + ", which it keeps as given"};
}

} // namespace rr
