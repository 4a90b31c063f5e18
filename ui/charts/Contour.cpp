#include "ui/charts/Contour.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace rr::ui {
namespace {

// An edge of the grid: horizontal (ix, iy)-(ix+1, iy) or vertical (ix, iy)-(ix, iy+1).
using EdgeId = std::tuple<int, int, int>; // (vertical?, ix, iy)

struct Segment {
    EdgeId a, b;
    bool used = false;
};

// Marching squares: each grid cell's pieces of the level line, as segments between its edges (a saddle split
// by the cell's mean).
std::vector<Segment> cellSegments(const Eigen::MatrixXd& v, int nx, int ny, double level)
{
    auto inside = [&](int ix, int iy) { return v(iy, ix) >= level; };
    std::vector<Segment> segments;
    for (int iy = 0; iy + 1 < ny; ++iy) {
        for (int ix = 0; ix + 1 < nx; ++ix) {
            const int c = (inside(ix, iy) ? 1 : 0) | (inside(ix + 1, iy) ? 2 : 0) | (inside(ix + 1, iy + 1) ? 4 : 0) |
                          (inside(ix, iy + 1) ? 8 : 0);
            if (c == 0 || c == 15)
                continue;
            const EdgeId bottom{0, ix, iy}, top{0, ix, iy + 1}, left{1, ix, iy}, right{1, ix + 1, iy};
            auto add = [&](const EdgeId& a, const EdgeId& b) { segments.push_back({a, b}); };
            const double mean = (v(iy, ix) + v(iy, ix + 1) + v(iy + 1, ix + 1) + v(iy + 1, ix)) / 4;
            switch (c) {
            case 1:
            case 14: add(left, bottom); break;
            case 2:
            case 13: add(bottom, right); break;
            case 3:
            case 12: add(left, right); break;
            case 4:
            case 11: add(right, top); break;
            case 6:
            case 9: add(bottom, top); break;
            case 7:
            case 8: add(left, top); break;
            case 5: // corners 0 and 2 inside
                if (mean >= level) {
                    add(left, top);
                    add(bottom, right);
                } else {
                    add(left, bottom);
                    add(right, top);
                }
                break;
            case 10: // corners 1 and 3 inside
                if (mean >= level) {
                    add(left, bottom);
                    add(right, top);
                } else {
                    add(bottom, right);
                    add(left, top);
                }
                break;
            default: break;
            }
        }
    }
    return segments;
}

// The segments joined into polylines through their shared edges: open curves first (start at an end of
// degree 1), then closed loops. `point` places an edge's crossing.
template <class Point>
std::vector<Polyline> joinSegments(std::vector<Segment>& segments, const Point& point)
{
    std::multimap<EdgeId, std::size_t> byEdge;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        byEdge.emplace(segments[i].a, i);
        byEdge.emplace(segments[i].b, i);
    }
    auto nextFrom = [&](const EdgeId& e) -> long {
        auto [lo, hi] = byEdge.equal_range(e);
        for (auto it = lo; it != hi; ++it)
            if (!segments[it->second].used)
                return static_cast<long>(it->second);
        return -1;
    };
    auto degree = [&](const EdgeId& e) { return byEdge.count(e); };

    std::vector<Polyline> lines;
    // Open curves first (start at an end of degree 1), then closed loops.
    for (int pass = 0; pass < 2; ++pass) {
        for (std::size_t s = 0; s < segments.size(); ++s) {
            if (segments[s].used)
                continue;
            EdgeId start = segments[s].a;
            if (pass == 0) {
                if (degree(segments[s].a) == 1)
                    start = segments[s].a;
                else if (degree(segments[s].b) == 1)
                    start = segments[s].b;
                else
                    continue;
            }
            Polyline line{point(start)};
            EdgeId at = start;
            long seg = static_cast<long>(s);
            while (seg >= 0) {
                Segment& g = segments[static_cast<std::size_t>(seg)];
                g.used = true;
                at = g.a == at ? g.b : g.a;
                line.push_back(point(at));
                seg = nextFrom(at);
            }
            lines.push_back(std::move(line));
        }
    }
    return lines;
}

} // namespace

std::vector<Polyline> isoLines(const Eigen::MatrixXd& v, const std::vector<double>& xs, const std::vector<double>& ys,
                               double level)
{
    const int nx = static_cast<int>(xs.size()), ny = static_cast<int>(ys.size());
    if (nx < 2 || ny < 2 || v.rows() != ny || v.cols() != nx)
        return {};
    auto point = [&](const EdgeId& e) -> std::pair<double, double> {
        const auto [vertical, ix, iy] = e;
        const int jx = vertical ? ix : ix + 1, jy = vertical ? iy + 1 : iy;
        const double va = v(iy, ix), vb = v(jy, jx);
        double t = vb != va ? (level - va) / (vb - va) : 0.5;
        t = std::clamp(t, 0.0, 1.0);
        return {xs[static_cast<std::size_t>(ix)] +
                    t * (xs[static_cast<std::size_t>(jx)] - xs[static_cast<std::size_t>(ix)]),
                ys[static_cast<std::size_t>(iy)] +
                    t * (ys[static_cast<std::size_t>(jy)] - ys[static_cast<std::size_t>(iy)])};
    };

    std::vector<Segment> segments = cellSegments(v, nx, ny, level);
    return joinSegments(segments, point);
}

} // namespace rr::ui
