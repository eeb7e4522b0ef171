// PMPI wrappers of one-sided communication (windows, Put/Get/Accumulate, synchronisation).
// The tracer writes no OTF2 RMA records for them yet: each call is an Enter/Leave of its own
// MPI region, so views and statistics show that it happened and how long it took, and the
// analyses (messages, rounds, volumes) leave it out. tracer/README.md lists them as
// "unanalysed".
#include "recorder.hpp"

namespace rec = collscope::rec;
using rec::MpiRegion;

extern "C" {

int MPI_Win_create(void* base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                   MPI_Win* win) {
  if (!rec::recording()) return PMPI_Win_create(base, size, disp_unit, info, comm, win);
  return rec::region_only(MpiRegion::Win_create,
                          [&] { return PMPI_Win_create(base, size, disp_unit, info, comm, win); });
}

int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr,
                     MPI_Win* win) {
  if (!rec::recording()) return PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win);
  return rec::region_only(MpiRegion::Win_allocate, [&] {
    return PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win);
  });
}

int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                            void* baseptr, MPI_Win* win) {
  if (!rec::recording()) return PMPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win);
  return rec::region_only(MpiRegion::Win_allocate_shared, [&] {
    return PMPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win);
  });
}

int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win* win) {
  if (!rec::recording()) return PMPI_Win_create_dynamic(info, comm, win);
  return rec::region_only(MpiRegion::Win_create_dynamic,
                          [&] { return PMPI_Win_create_dynamic(info, comm, win); });
}

int MPI_Win_free(MPI_Win* win) {
  if (!rec::recording()) return PMPI_Win_free(win);
  return rec::region_only(MpiRegion::Win_free, [&] { return PMPI_Win_free(win); });
}

int MPI_Put(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
            int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
            MPI_Win win) {
  if (!rec::recording())
    return PMPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                    target_count, target_datatype, win);
  return rec::region_only(MpiRegion::Put, [&] {
    return PMPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                    target_count, target_datatype, win);
  });
}

int MPI_Get(void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win) {
  if (!rec::recording())
    return PMPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                    target_count, target_datatype, win);
  return rec::region_only(MpiRegion::Get, [&] {
    return PMPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                    target_count, target_datatype, win);
  });
}

int MPI_Accumulate(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                   int target_rank, MPI_Aint target_disp, int target_count,
                   MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  if (!rec::recording())
    return PMPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                           target_count, target_datatype, op, win);
  return rec::region_only(MpiRegion::Accumulate, [&] {
    return PMPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                           target_count, target_datatype, op, win);
  });
}

int MPI_Get_accumulate(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                       void* result_addr, int result_count, MPI_Datatype result_datatype,
                       int target_rank, MPI_Aint target_disp, int target_count,
                       MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  if (!rec::recording())
    return PMPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr,
                               result_count, result_datatype, target_rank, target_disp,
                               target_count, target_datatype, op, win);
  return rec::region_only(MpiRegion::Get_accumulate, [&] {
    return PMPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr,
                               result_count, result_datatype, target_rank, target_disp,
                               target_count, target_datatype, op, win);
  });
}

int MPI_Fetch_and_op(const void* origin_addr, void* result_addr, MPI_Datatype datatype,
                     int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win) {
  if (!rec::recording())
    return PMPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win);
  return rec::region_only(MpiRegion::Fetch_and_op, [&] {
    return PMPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win);
  });
}

int MPI_Compare_and_swap(const void* origin_addr, const void* compare_addr, void* result_addr,
                         MPI_Datatype datatype, int target_rank, MPI_Aint target_disp,
                         MPI_Win win) {
  if (!rec::recording())
    return PMPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank,
                                 target_disp, win);
  return rec::region_only(MpiRegion::Compare_and_swap, [&] {
    return PMPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank,
                                 target_disp, win);
  });
}

int MPI_Rput(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
             int target_rank, MPI_Aint target_disp, int target_cout, MPI_Datatype target_datatype,
             MPI_Win win, MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                     target_cout, target_datatype, win, request);
  return rec::region_only(MpiRegion::Rput, [&] {
    return PMPI_Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                     target_cout, target_datatype, win, request);
  });
}

int MPI_Rget(void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
             MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                     target_count, target_datatype, win, request);
  return rec::region_only(MpiRegion::Rget, [&] {
    return PMPI_Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                     target_count, target_datatype, win, request);
  });
}

int MPI_Raccumulate(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                    int target_rank, MPI_Aint target_disp, int target_count,
                    MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                            target_count, target_datatype, op, win, request);
  return rec::region_only(MpiRegion::Raccumulate, [&] {
    return PMPI_Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                            target_count, target_datatype, op, win, request);
  });
}

int MPI_Rget_accumulate(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                        void* result_addr, int result_count, MPI_Datatype result_datatype,
                        int target_rank, MPI_Aint target_disp, int target_count,
                        MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                        MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr,
                                result_count, result_datatype, target_rank, target_disp,
                                target_count, target_datatype, op, win, request);
  return rec::region_only(MpiRegion::Rget_accumulate, [&] {
    return PMPI_Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr,
                                result_count, result_datatype, target_rank, target_disp,
                                target_count, target_datatype, op, win, request);
  });
}

int MPI_Win_fence(int assertion, MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_fence(assertion, win);
  return rec::region_only(MpiRegion::Win_fence, [&] { return PMPI_Win_fence(assertion, win); });
}

int MPI_Win_post(MPI_Group group, int assertion, MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_post(group, assertion, win);
  return rec::region_only(MpiRegion::Win_post,
                          [&] { return PMPI_Win_post(group, assertion, win); });
}

int MPI_Win_start(MPI_Group group, int assertion, MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_start(group, assertion, win);
  return rec::region_only(MpiRegion::Win_start,
                          [&] { return PMPI_Win_start(group, assertion, win); });
}

int MPI_Win_complete(MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_complete(win);
  return rec::region_only(MpiRegion::Win_complete, [&] { return PMPI_Win_complete(win); });
}

int MPI_Win_wait(MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_wait(win);
  return rec::region_only(MpiRegion::Win_wait, [&] { return PMPI_Win_wait(win); });
}

int MPI_Win_test(MPI_Win win, int* flag) {
  if (!rec::recording()) return PMPI_Win_test(win, flag);
  return rec::region_only(MpiRegion::Win_test, [&] { return PMPI_Win_test(win, flag); });
}

int MPI_Win_lock(int lock_type, int rank, int assertion, MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_lock(lock_type, rank, assertion, win);
  return rec::region_only(MpiRegion::Win_lock,
                          [&] { return PMPI_Win_lock(lock_type, rank, assertion, win); });
}

int MPI_Win_unlock(int rank, MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_unlock(rank, win);
  return rec::region_only(MpiRegion::Win_unlock, [&] { return PMPI_Win_unlock(rank, win); });
}

int MPI_Win_lock_all(int assertion, MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_lock_all(assertion, win);
  return rec::region_only(MpiRegion::Win_lock_all,
                          [&] { return PMPI_Win_lock_all(assertion, win); });
}

int MPI_Win_unlock_all(MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_unlock_all(win);
  return rec::region_only(MpiRegion::Win_unlock_all, [&] { return PMPI_Win_unlock_all(win); });
}

int MPI_Win_flush(int rank, MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_flush(rank, win);
  return rec::region_only(MpiRegion::Win_flush, [&] { return PMPI_Win_flush(rank, win); });
}

int MPI_Win_flush_all(MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_flush_all(win);
  return rec::region_only(MpiRegion::Win_flush_all, [&] { return PMPI_Win_flush_all(win); });
}

int MPI_Win_flush_local(int rank, MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_flush_local(rank, win);
  return rec::region_only(MpiRegion::Win_flush_local,
                          [&] { return PMPI_Win_flush_local(rank, win); });
}

int MPI_Win_flush_local_all(MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_flush_local_all(win);
  return rec::region_only(MpiRegion::Win_flush_local_all,
                          [&] { return PMPI_Win_flush_local_all(win); });
}

int MPI_Win_sync(MPI_Win win) {
  if (!rec::recording()) return PMPI_Win_sync(win);
  return rec::region_only(MpiRegion::Win_sync, [&] { return PMPI_Win_sync(win); });
}

} // extern "C"
