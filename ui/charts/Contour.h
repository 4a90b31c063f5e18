#pragma once
// Iso-lines of a gridded function (marching squares), chained into polylines: the tau contour
// drawn over the risk surface.
#include <Eigen/Core>

#include <utility>
#include <vector>

namespace rr::ui {

using Polyline = std::vector<std::pair<double, double>>;

// values(iy, ix) sampled at (xs[ix], ys[iy]); returns the curves where values == level.
// Points with values >= level count as inside; saddles are resolved by the cell's mean.
std::vector<Polyline> isoLines(const Eigen::MatrixXd& values, const std::vector<double>& xs,
                               const std::vector<double>& ys, double level);

} // namespace rr::ui
