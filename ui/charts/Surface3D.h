#pragma once
// Optional 3D view of the risk surface grid (Qt Data Visualization). Without it, an empty class
// that is never instantiated keeps the callers free of #ifdefs.
#include <QWidget>

namespace rr {
struct SurfaceFrame;
} // namespace rr

namespace rr::ui {

class Surface3D : public QWidget {
    Q_OBJECT
public:
    explicit Surface3D(QWidget* parent = nullptr);
    ~Surface3D() override;
    void setData(const SurfaceFrame& data);

private:
    struct Impl;
    Impl* m_impl = nullptr;
};

} // namespace rr::ui
