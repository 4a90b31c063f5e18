#pragma once
// Optional 3D view of the risk surface grid (Qt Data Visualization) with the same title, tau contour
// and current point as the 2D map (issue 11). Without Data Visualization, a label saying so; the
// overlay's numbers are kept either way so callers and tests need no #ifdefs.
#include <QList>
#include <QVector3D>
#include <QWidget>

#include <memory>

class QLabel;

namespace rr {
struct SurfaceFrame;
} // namespace rr

namespace rr::ui {

class Surface3D : public QWidget {
    Q_OBJECT
public:
    explicit Surface3D(QWidget* parent = nullptr);
    ~Surface3D() override;
    // `title`: the 2D chart's full title, so both views name the same thing.
    void setData(std::shared_ptr<const SurfaceFrame> data, double tau, const QString& title);
    void setTau(double tau);
    // The current parameters and the surface's value there (the 2D chart's interpolation of the grid).
    void setCurrentPoint(double px, double py, double risk);

    QString title() const;
    // Drawn over the surface, in data coordinates (x = p of x, y = risk, z = p of y).
    QList<QVector3D> contourPoints() const { return m_contour; }
    QList<QVector3D> currentPoint() const { return m_current; } // empty or one point

protected:
    void showEvent(QShowEvent* event) override;

private:
    void createGraph(); // on first show: OpenGL only when the 3D view is really seen
    void updateGraph();
    void updateOverlay();

    struct Impl;
    Impl* m_impl = nullptr;
    QLabel* m_title;
    QString m_heading; // the 2D chart's title
    std::shared_ptr<const SurfaceFrame> m_data;
    double m_tau = 0.5;
    QList<QVector3D> m_contour;
    QList<QVector3D> m_current;
};

} // namespace rr::ui
