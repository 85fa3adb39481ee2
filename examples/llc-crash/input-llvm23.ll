target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@b64 = internal unnamed_addr constant [65 x i8] c"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/\00", align 16
@escape_key.hex = internal unnamed_addr constant [17 x i8] c"0123456789abcdef\00", align 16

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: write) uwtable
define dso_local void @store_init(ptr nofree noundef writeonly captures(none) initializes((0, 77840)) %st) local_unnamed_addr #0 {
entry:
  tail call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(77840) %st, i8 0, i64 77840, i1 false)
  %generation = getelementptr inbounds nuw i8, ptr %st, i64 77832
  store i32 1, ptr %generation, align 8, !tbaa !9
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #1

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local range(i32 -1, 1) i32 @store_put(ptr noundef %st, ptr nofree noundef readonly captures(none) %key, i64 noundef %value) local_unnamed_addr #2 {
entry:
  %0 = load i8, ptr %key, align 1, !tbaa !12
  %tobool.not4.i.i = icmp eq i8 %0, 0
  br i1 %tobool.not4.i.i, label %fnv1a.exit.i, label %while.body.i.i

while.body.i.i:                                   ; preds = %entry, %while.body.i.i
  %1 = phi i8 [ %2, %while.body.i.i ], [ %0, %entry ]
  %h.06.i.i = phi i32 [ %mul.i.i, %while.body.i.i ], [ -2128831035, %entry ]
  %s.addr.05.i.i = phi ptr [ %incdec.ptr.i.i, %while.body.i.i ], [ %key, %entry ]
  %incdec.ptr.i.i = getelementptr inbounds nuw i8, ptr %s.addr.05.i.i, i64 1
  %conv.i.i = zext i8 %1 to i32
  %xor.i.i = xor i32 %h.06.i.i, %conv.i.i
  %mul.i.i = mul i32 %xor.i.i, 16777619
  %2 = load i8, ptr %incdec.ptr.i.i, align 1, !tbaa !12
  %tobool.not.i.i = icmp eq i8 %2, 0
  br i1 %tobool.not.i.i, label %fnv1a.exit.i, label %while.body.i.i, !llvm.loop !13

fnv1a.exit.i:                                     ; preds = %while.body.i.i, %entry
  %h.0.lcssa.i.i = phi i32 [ -2128831035, %entry ], [ %mul.i.i, %while.body.i.i ]
  br label %for.body.i

for.cond.i:                                       ; preds = %land.lhs.true.i
  %inc.i = add nuw nsw i32 %probe.034.i, 1
  %exitcond.i = icmp eq i32 %inc.i, 256
  br i1 %exitcond.i, label %cleanup, label %for.body.i, !llvm.loop !15

for.body.i:                                       ; preds = %for.cond.i, %fnv1a.exit.i
  %probe.034.i = phi i32 [ 0, %fnv1a.exit.i ], [ %inc.i, %for.cond.i ]
  %add.i = add i32 %probe.034.i, %h.0.lcssa.i.i
  %rem1.i = and i32 %add.i, 255
  %idxprom.i = zext nneg i32 %rem1.i to i64
  %arrayidx.i = getelementptr inbounds nuw [48 x i8], ptr %st, i64 %idxprom.i
  %used.i = getelementptr inbounds nuw i8, ptr %arrayidx.i, i64 40
  %3 = load i32, ptr %used.i, align 8, !tbaa !16
  %tobool.not.i = icmp eq i32 %3, 0
  br i1 %tobool.not.i, label %if.then7.i, label %land.lhs.true.i

land.lhs.true.i:                                  ; preds = %for.body.i
  %call3.i = tail call i32 @strncmp(ptr noundef nonnull dereferenceable(1) %arrayidx.i, ptr noundef nonnull readonly dereferenceable(1) %key, i64 noundef 32) #10
  %cmp4.i = icmp eq i32 %call3.i, 0
  br i1 %cmp4.i, label %if.end, label %for.cond.i

if.then7.i:                                       ; preds = %for.body.i
  %used.i.le = getelementptr inbounds nuw i8, ptr %arrayidx.i, i64 40
  %call13.i = tail call ptr @strncpy(ptr noundef nonnull dereferenceable(1) %arrayidx.i, ptr noundef nonnull readonly dereferenceable(1) %key, i64 noundef 31) #11
  store i32 1, ptr %used.i.le, align 8, !tbaa !16
  br label %if.end

if.end:                                           ; preds = %land.lhs.true.i, %if.then7.i
  %value1 = getelementptr inbounds nuw i8, ptr %arrayidx.i, i64 32
  store i64 %value, ptr %value1, align 8, !tbaa !18
  %generation = getelementptr inbounds nuw i8, ptr %st, i64 77832
  %4 = load i32, ptr %generation, align 8, !tbaa !9
  %inc = add i32 %4, 1
  store i32 %inc, ptr %generation, align 8, !tbaa !9
  br label %cleanup

cleanup:                                          ; preds = %for.cond.i, %if.end
  %retval.0 = phi i32 [ 0, %if.end ], [ -1, %for.cond.i ]
  ret i32 %retval.0
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local range(i32 -1, 1) i32 @store_get(ptr nofree noundef readonly captures(none) %st, ptr nofree noundef readonly captures(none) %key, ptr nofree noundef writeonly captures(none) %out) local_unnamed_addr #2 {
entry:
  %0 = load i8, ptr %key, align 1, !tbaa !12
  %tobool.not4.i.i = icmp eq i8 %0, 0
  br i1 %tobool.not4.i.i, label %fnv1a.exit.i, label %while.body.i.i

while.body.i.i:                                   ; preds = %entry, %while.body.i.i
  %1 = phi i8 [ %2, %while.body.i.i ], [ %0, %entry ]
  %h.06.i.i = phi i32 [ %mul.i.i, %while.body.i.i ], [ -2128831035, %entry ]
  %s.addr.05.i.i = phi ptr [ %incdec.ptr.i.i, %while.body.i.i ], [ %key, %entry ]
  %incdec.ptr.i.i = getelementptr inbounds nuw i8, ptr %s.addr.05.i.i, i64 1
  %conv.i.i = zext i8 %1 to i32
  %xor.i.i = xor i32 %h.06.i.i, %conv.i.i
  %mul.i.i = mul i32 %xor.i.i, 16777619
  %2 = load i8, ptr %incdec.ptr.i.i, align 1, !tbaa !12
  %tobool.not.i.i = icmp eq i8 %2, 0
  br i1 %tobool.not.i.i, label %fnv1a.exit.i, label %while.body.i.i, !llvm.loop !13

fnv1a.exit.i:                                     ; preds = %while.body.i.i, %entry
  %h.0.lcssa.i.i = phi i32 [ -2128831035, %entry ], [ %mul.i.i, %while.body.i.i ]
  br label %for.body.i

for.cond.i:                                       ; preds = %land.lhs.true.i
  %inc.i = add nuw nsw i32 %probe.034.i, 1
  %exitcond.i = icmp eq i32 %inc.i, 256
  br i1 %exitcond.i, label %cleanup, label %for.body.i, !llvm.loop !15

for.body.i:                                       ; preds = %for.cond.i, %fnv1a.exit.i
  %probe.034.i = phi i32 [ 0, %fnv1a.exit.i ], [ %inc.i, %for.cond.i ]
  %add.i = add i32 %probe.034.i, %h.0.lcssa.i.i
  %rem1.i = and i32 %add.i, 255
  %idxprom.i = zext nneg i32 %rem1.i to i64
  %arrayidx.i = getelementptr inbounds nuw [48 x i8], ptr %st, i64 %idxprom.i
  %used.i = getelementptr inbounds nuw i8, ptr %arrayidx.i, i64 40
  %3 = load i32, ptr %used.i, align 8, !tbaa !16
  %tobool.not.i = icmp eq i32 %3, 0
  br i1 %tobool.not.i, label %cleanup, label %land.lhs.true.i

land.lhs.true.i:                                  ; preds = %for.body.i
  %call3.i = tail call i32 @strncmp(ptr noundef nonnull dereferenceable(1) %arrayidx.i, ptr noundef nonnull readonly dereferenceable(1) %key, i64 noundef 32) #10
  %cmp4.i = icmp eq i32 %call3.i, 0
  br i1 %cmp4.i, label %if.end, label %for.cond.i

if.end:                                           ; preds = %land.lhs.true.i
  %value = getelementptr inbounds nuw i8, ptr %arrayidx.i, i64 32
  %4 = load i64, ptr %value, align 8, !tbaa !18
  store i64 %4, ptr %out, align 8, !tbaa !19
  br label %cleanup

cleanup:                                          ; preds = %for.body.i, %for.cond.i, %if.end
  %retval.0 = phi i32 [ 0, %if.end ], [ -1, %for.cond.i ], [ -1, %for.body.i ]
  ret i32 %retval.0
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local range(i32 -1, 1) i32 @store_delete(ptr nofree noundef captures(none) %st, ptr nofree noundef readonly captures(none) %key) local_unnamed_addr #2 {
entry:
  %0 = load i8, ptr %key, align 1, !tbaa !12
  %tobool.not4.i.i = icmp eq i8 %0, 0
  br i1 %tobool.not4.i.i, label %fnv1a.exit.i, label %while.body.i.i

while.body.i.i:                                   ; preds = %entry, %while.body.i.i
  %1 = phi i8 [ %2, %while.body.i.i ], [ %0, %entry ]
  %h.06.i.i = phi i32 [ %mul.i.i, %while.body.i.i ], [ -2128831035, %entry ]
  %s.addr.05.i.i = phi ptr [ %incdec.ptr.i.i, %while.body.i.i ], [ %key, %entry ]
  %incdec.ptr.i.i = getelementptr inbounds nuw i8, ptr %s.addr.05.i.i, i64 1
  %conv.i.i = zext i8 %1 to i32
  %xor.i.i = xor i32 %h.06.i.i, %conv.i.i
  %mul.i.i = mul i32 %xor.i.i, 16777619
  %2 = load i8, ptr %incdec.ptr.i.i, align 1, !tbaa !12
  %tobool.not.i.i = icmp eq i8 %2, 0
  br i1 %tobool.not.i.i, label %fnv1a.exit.i, label %while.body.i.i, !llvm.loop !13

fnv1a.exit.i:                                     ; preds = %while.body.i.i, %entry
  %h.0.lcssa.i.i = phi i32 [ -2128831035, %entry ], [ %mul.i.i, %while.body.i.i ]
  br label %for.body.i

for.cond.i:                                       ; preds = %land.lhs.true.i
  %inc.i = add nuw nsw i32 %probe.034.i, 1
  %exitcond.i = icmp eq i32 %inc.i, 256
  br i1 %exitcond.i, label %cleanup, label %for.body.i, !llvm.loop !15

for.body.i:                                       ; preds = %for.cond.i, %fnv1a.exit.i
  %probe.034.i = phi i32 [ 0, %fnv1a.exit.i ], [ %inc.i, %for.cond.i ]
  %add.i = add i32 %probe.034.i, %h.0.lcssa.i.i
  %rem1.i = and i32 %add.i, 255
  %idxprom.i = zext nneg i32 %rem1.i to i64
  %arrayidx.i = getelementptr inbounds nuw [48 x i8], ptr %st, i64 %idxprom.i
  %used.i = getelementptr inbounds nuw i8, ptr %arrayidx.i, i64 40
  %3 = load i32, ptr %used.i, align 8, !tbaa !16
  %tobool.not.i = icmp eq i32 %3, 0
  br i1 %tobool.not.i, label %cleanup, label %land.lhs.true.i

land.lhs.true.i:                                  ; preds = %for.body.i
  %call3.i = tail call i32 @strncmp(ptr noundef nonnull dereferenceable(1) %arrayidx.i, ptr noundef nonnull readonly dereferenceable(1) %key, i64 noundef 32) #10
  %cmp4.i = icmp eq i32 %call3.i, 0
  br i1 %cmp4.i, label %if.end, label %for.cond.i

if.end:                                           ; preds = %land.lhs.true.i
  %used.i.le = getelementptr inbounds nuw i8, ptr %arrayidx.i, i64 40
  store i32 0, ptr %used.i.le, align 8, !tbaa !16
  %value = getelementptr inbounds nuw i8, ptr %arrayidx.i, i64 32
  store i64 0, ptr %value, align 8, !tbaa !18
  %generation = getelementptr inbounds nuw i8, ptr %st, i64 77832
  %4 = load i32, ptr %generation, align 8, !tbaa !9
  %inc = add i32 %4, 1
  store i32 %inc, ptr %generation, align 8, !tbaa !9
  br label %cleanup

cleanup:                                          ; preds = %for.body.i, %for.cond.i, %if.end
  %retval.0 = phi i32 [ 0, %if.end ], [ -1, %for.cond.i ], [ -1, %for.body.i ]
  ret i32 %retval.0
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @store_count(ptr nofree noundef readonly captures(none) %st) local_unnamed_addr #3 {
entry:
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %entry
  %index = phi i64 [ 0, %entry ], [ %index.next, %vector.body ]
  %vec.phi = phi <2 x i64> [ zeroinitializer, %entry ], [ %20, %vector.body ]
  %vec.phi9 = phi <2 x i64> [ zeroinitializer, %entry ], [ %21, %vector.body ]
  %0 = getelementptr inbounds nuw [48 x i8], ptr %st, i64 %index
  %1 = getelementptr inbounds nuw [48 x i8], ptr %st, i64 %index
  %2 = getelementptr inbounds nuw [48 x i8], ptr %st, i64 %index
  %3 = getelementptr inbounds nuw [48 x i8], ptr %st, i64 %index
  %4 = getelementptr inbounds nuw i8, ptr %0, i64 40
  %5 = getelementptr inbounds nuw i8, ptr %1, i64 88
  %6 = getelementptr inbounds nuw i8, ptr %2, i64 136
  %7 = getelementptr inbounds nuw i8, ptr %3, i64 184
  %8 = load i32, ptr %4, align 8, !tbaa !16
  %9 = load i32, ptr %5, align 8, !tbaa !16
  %10 = insertelement <2 x i32> poison, i32 %8, i64 0
  %11 = insertelement <2 x i32> %10, i32 %9, i64 1
  %12 = load i32, ptr %6, align 8, !tbaa !16
  %13 = load i32, ptr %7, align 8, !tbaa !16
  %14 = insertelement <2 x i32> poison, i32 %12, i64 0
  %15 = insertelement <2 x i32> %14, i32 %13, i64 1
  %16 = icmp ne <2 x i32> %11, zeroinitializer
  %17 = icmp ne <2 x i32> %15, zeroinitializer
  %18 = zext <2 x i1> %16 to <2 x i64>
  %19 = zext <2 x i1> %17 to <2 x i64>
  %20 = add <2 x i64> %vec.phi, %18
  %21 = add <2 x i64> %vec.phi9, %19
  %index.next = add nuw i64 %index, 4
  %22 = icmp eq i64 %index.next, 256
  br i1 %22, label %for.cond.cleanup, label %vector.body, !llvm.loop !20

for.cond.cleanup:                                 ; preds = %vector.body
  %bin.rdx = add <2 x i64> %21, %20
  %23 = tail call i64 @llvm.vector.reduce.add.v2i64(<2 x i64> %bin.rdx)
  ret i64 %23
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @store_sum(ptr nofree noundef readonly captures(none) %st) local_unnamed_addr #3 {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.inc.1
  ret i64 %sum.1.1

for.body:                                         ; preds = %for.inc.1, %entry
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next.1, %for.inc.1 ]
  %sum.09 = phi i64 [ 0, %entry ], [ %sum.1.1, %for.inc.1 ]
  %arrayidx = getelementptr inbounds nuw [48 x i8], ptr %st, i64 %indvars.iv
  %used = getelementptr inbounds nuw i8, ptr %arrayidx, i64 40
  %0 = load i32, ptr %used, align 8, !tbaa !16
  %tobool.not = icmp eq i32 %0, 0
  br i1 %tobool.not, label %for.inc, label %if.then

if.then:                                          ; preds = %for.body
  %value = getelementptr inbounds nuw i8, ptr %arrayidx, i64 32
  %1 = load i64, ptr %value, align 8, !tbaa !18
  %add = add i64 %1, %sum.09
  br label %for.inc

for.inc:                                          ; preds = %for.body, %if.then
  %sum.1 = phi i64 [ %add, %if.then ], [ %sum.09, %for.body ]
  %2 = getelementptr inbounds nuw [48 x i8], ptr %st, i64 %indvars.iv
  %used.1 = getelementptr inbounds nuw i8, ptr %2, i64 88
  %3 = load i32, ptr %used.1, align 8, !tbaa !16
  %tobool.not.1 = icmp eq i32 %3, 0
  br i1 %tobool.not.1, label %for.inc.1, label %if.then.1

if.then.1:                                        ; preds = %for.inc
  %value.1 = getelementptr inbounds nuw i8, ptr %2, i64 80
  %4 = load i64, ptr %value.1, align 8, !tbaa !18
  %add.1 = add i64 %4, %sum.1
  br label %for.inc.1

for.inc.1:                                        ; preds = %if.then.1, %for.inc
  %sum.1.1 = phi i64 [ %add.1, %if.then.1 ], [ %sum.1, %for.inc ]
  %indvars.iv.next.1 = add nuw nsw i64 %indvars.iv, 2
  %exitcond.not.1 = icmp eq i64 %indvars.iv.next.1, 256
  br i1 %exitcond.not.1, label %for.cond.cleanup, label %for.body, !llvm.loop !23
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) uwtable
define dso_local i64 @store_append(ptr nofree noundef captures(none) %st, ptr nofree noundef readonly captures(none) %data, i64 noundef %len) local_unnamed_addr #4 {
entry:
  %window_len = getelementptr inbounds nuw i8, ptr %st, i64 77824
  %0 = load i64, ptr %window_len, align 8, !tbaa !24
  %sub = sub i64 65536, %0
  %spec.select = tail call i64 @llvm.umin.i64(i64 %len, i64 %sub)
  %window = getelementptr inbounds nuw i8, ptr %st, i64 12288
  %add.ptr = getelementptr inbounds nuw i8, ptr %window, i64 %0
  tail call void @llvm.memcpy.p0.p0.i64(ptr nonnull align 1 %add.ptr, ptr align 1 %data, i64 %spec.select, i1 false)
  %1 = load i64, ptr %window_len, align 8, !tbaa !24
  %add = add i64 %1, %spec.select
  store i64 %add, ptr %window_len, align 8, !tbaa !24
  ret i64 %spec.select
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #5

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local i64 @base64_encode(ptr nofree noundef readonly captures(none) %in, i64 noundef %len, ptr nofree noundef writeonly captures(none) %out) local_unnamed_addr #2 {
entry:
  %cmp79.not = icmp eq i64 %len, 0
  br i1 %cmp79.not, label %for.cond.cleanup, label %for.body

for.cond.cleanup:                                 ; preds = %cond.end44, %entry
  %o.0.lcssa = phi i64 [ 0, %entry ], [ %inc47, %cond.end44 ]
  %arrayidx50 = getelementptr inbounds nuw i8, ptr %out, i64 %o.0.lcssa
  store i8 0, ptr %arrayidx50, align 1, !tbaa !12
  ret i64 %o.0.lcssa

for.body:                                         ; preds = %entry, %cond.end44
  %i.081 = phi i64 [ %add49, %cond.end44 ], [ 0, %entry ]
  %o.080 = phi i64 [ %inc47, %cond.end44 ], [ 0, %entry ]
  %arrayidx = getelementptr inbounds nuw i8, ptr %in, i64 %i.081
  %0 = load i8, ptr %arrayidx, align 1, !tbaa !12
  %conv = zext i8 %0 to i32
  %shl = shl nuw nsw i32 %conv, 16
  %add = add nuw i64 %i.081, 1
  %cmp1 = icmp ult i64 %add, %len
  br i1 %cmp1, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %arrayidx4 = getelementptr inbounds nuw i8, ptr %in, i64 %add
  %1 = load i8, ptr %arrayidx4, align 1, !tbaa !12
  %conv5 = zext i8 %1 to i32
  %shl6 = shl nuw nsw i32 %conv5, 8
  %or = or disjoint i32 %shl6, %shl
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  %v.0 = phi i32 [ %or, %if.then ], [ %shl, %for.body ]
  %add7 = add i64 %i.081, 2
  %cmp8 = icmp ult i64 %add7, %len
  br i1 %cmp8, label %if.then10, label %if.end15

if.then10:                                        ; preds = %if.end
  %arrayidx12 = getelementptr inbounds nuw i8, ptr %in, i64 %add7
  %2 = load i8, ptr %arrayidx12, align 1, !tbaa !12
  %conv13 = zext i8 %2 to i32
  %or14 = or i32 %v.0, %conv13
  br label %if.end15

if.end15:                                         ; preds = %if.then10, %if.end
  %v.1 = phi i32 [ %or14, %if.then10 ], [ %v.0, %if.end ]
  %shr = lshr i32 %v.1, 18
  %idxprom = zext nneg i32 %shr to i64
  %arrayidx16 = getelementptr inbounds nuw i8, ptr @b64, i64 %idxprom
  %3 = load i8, ptr %arrayidx16, align 1, !tbaa !12
  %arrayidx17 = getelementptr inbounds nuw i8, ptr %out, i64 %o.080
  store i8 %3, ptr %arrayidx17, align 1, !tbaa !12
  %shr18 = lshr i32 %v.1, 12
  %and19 = and i32 %shr18, 63
  %idxprom20 = zext nneg i32 %and19 to i64
  %arrayidx21 = getelementptr inbounds nuw i8, ptr @b64, i64 %idxprom20
  %4 = load i8, ptr %arrayidx21, align 1, !tbaa !12
  %arrayidx23 = getelementptr i8, ptr %arrayidx17, i64 1
  store i8 %4, ptr %arrayidx23, align 1, !tbaa !12
  br i1 %cmp1, label %cond.true, label %cond.end

cond.true:                                        ; preds = %if.end15
  %shr27 = lshr i32 %v.1, 6
  %and28 = and i32 %shr27, 63
  %idxprom29 = zext nneg i32 %and28 to i64
  %arrayidx30 = getelementptr inbounds nuw i8, ptr @b64, i64 %idxprom29
  %5 = load i8, ptr %arrayidx30, align 1, !tbaa !12
  br label %cond.end

cond.end:                                         ; preds = %if.end15, %cond.true
  %cond = phi i8 [ %5, %cond.true ], [ 61, %if.end15 ]
  %arrayidx34 = getelementptr i8, ptr %arrayidx17, i64 2
  store i8 %cond, ptr %arrayidx34, align 1, !tbaa !12
  br i1 %cmp8, label %cond.true38, label %cond.end44

cond.true38:                                      ; preds = %cond.end
  %and39 = and i32 %v.1, 63
  %idxprom40 = zext nneg i32 %and39 to i64
  %arrayidx41 = getelementptr inbounds nuw i8, ptr @b64, i64 %idxprom40
  %6 = load i8, ptr %arrayidx41, align 1, !tbaa !12
  br label %cond.end44

cond.end44:                                       ; preds = %cond.end, %cond.true38
  %cond45 = phi i8 [ %6, %cond.true38 ], [ 61, %cond.end ]
  %inc47 = add i64 %o.080, 4
  %arrayidx48 = getelementptr inbounds nuw i8, ptr %arrayidx17, i64 3
  store i8 %cond45, ptr %arrayidx48, align 1, !tbaa !12
  %add49 = add i64 %i.081, 3
  %cmp = icmp ult i64 %add49, %len
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !llvm.loop !25
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local range(i32 0, -983040) i32 @adler(ptr nofree noundef readonly captures(none) %p, i64 noundef %n) local_unnamed_addr #3 {
entry:
  %tobool.not6 = icmp eq i64 %n, 0
  br i1 %tobool.not6, label %while.end, label %while.body.preheader

while.body.preheader:                             ; preds = %entry
  %xtraiter = and i64 %n, 1
  %0 = icmp eq i64 %n, 1
  br i1 %0, label %while.body.epil.preheader, label %while.body.preheader.new

while.body.preheader.new:                         ; preds = %while.body.preheader
  %unroll_iter = and i64 %n, -2
  br label %while.body

while.body:                                       ; preds = %while.body, %while.body.preheader.new
  %b.010 = phi i32 [ 0, %while.body.preheader.new ], [ %rem2.1, %while.body ]
  %a.09 = phi i32 [ 1, %while.body.preheader.new ], [ %rem.1, %while.body ]
  %p.addr.07 = phi ptr [ %p, %while.body.preheader.new ], [ %incdec.ptr.1, %while.body ]
  %niter = phi i64 [ 0, %while.body.preheader.new ], [ %niter.next.1, %while.body ]
  %incdec.ptr = getelementptr inbounds nuw i8, ptr %p.addr.07, i64 1
  %1 = load i8, ptr %p.addr.07, align 1, !tbaa !12
  %conv = zext i8 %1 to i32
  %add = add nuw nsw i32 %a.09, %conv
  %rem = urem i32 %add, 65521
  %add1 = add nuw nsw i32 %rem, %b.010
  %rem2 = urem i32 %add1, 65521
  %incdec.ptr.1 = getelementptr inbounds nuw i8, ptr %p.addr.07, i64 2
  %2 = load i8, ptr %incdec.ptr, align 1, !tbaa !12
  %conv.1 = zext i8 %2 to i32
  %add.1 = add nuw nsw i32 %rem, %conv.1
  %rem.1 = urem i32 %add.1, 65521
  %add1.1 = add nuw nsw i32 %rem.1, %rem2
  %rem2.1 = urem i32 %add1.1, 65521
  %niter.next.1 = add i64 %niter, 2
  %niter.ncmp.1 = icmp eq i64 %niter.next.1, %unroll_iter
  br i1 %niter.ncmp.1, label %while.end.loopexit.unr-lcssa, label %while.body, !llvm.loop !26

while.end.loopexit.unr-lcssa:                     ; preds = %while.body
  %lcmp.mod.not = icmp eq i64 %xtraiter, 0
  br i1 %lcmp.mod.not, label %while.end.loopexit, label %while.body.epil.preheader

while.body.epil.preheader:                        ; preds = %while.end.loopexit.unr-lcssa, %while.body.preheader
  %b.010.epil.init = phi i32 [ 0, %while.body.preheader ], [ %rem2.1, %while.end.loopexit.unr-lcssa ]
  %a.09.epil.init = phi i32 [ 1, %while.body.preheader ], [ %rem.1, %while.end.loopexit.unr-lcssa ]
  %p.addr.07.epil.init = phi ptr [ %p, %while.body.preheader ], [ %incdec.ptr.1, %while.end.loopexit.unr-lcssa ]
  %lcmp.mod14 = trunc i64 %n to i1
  tail call void @llvm.assume(i1 %lcmp.mod14)
  %3 = load i8, ptr %p.addr.07.epil.init, align 1, !tbaa !12
  %conv.epil = zext i8 %3 to i32
  %add.epil = add nuw nsw i32 %a.09.epil.init, %conv.epil
  %rem.epil = urem i32 %add.epil, 65521
  %add1.epil = add nuw nsw i32 %rem.epil, %b.010.epil.init
  %rem2.epil = urem i32 %add1.epil, 65521
  br label %while.end.loopexit

while.end.loopexit:                               ; preds = %while.end.loopexit.unr-lcssa, %while.body.epil.preheader
  %rem.lcssa = phi i32 [ %rem.1, %while.end.loopexit.unr-lcssa ], [ %rem.epil, %while.body.epil.preheader ]
  %rem2.lcssa = phi i32 [ %rem2.1, %while.end.loopexit.unr-lcssa ], [ %rem2.epil, %while.body.epil.preheader ]
  %4 = shl nuw i32 %rem2.lcssa, 16
  %5 = or disjoint i32 %4, %rem.lcssa
  br label %while.end

while.end:                                        ; preds = %while.end.loopexit, %entry
  %or = phi i32 [ 1, %entry ], [ %5, %while.end.loopexit ]
  ret i32 %or
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @store_checksum(ptr nofree noundef readonly captures(none) %st) local_unnamed_addr #3 {
entry:
  %window_len = getelementptr inbounds nuw i8, ptr %st, i64 77824
  %0 = load i64, ptr %window_len, align 8, !tbaa !24
  %tobool.not6.i = icmp eq i64 %0, 0
  br i1 %tobool.not6.i, label %for.body.preheader, label %while.body.i.preheader

while.body.i.preheader:                           ; preds = %entry
  %window = getelementptr inbounds nuw i8, ptr %st, i64 12288
  %xtraiter = and i64 %0, 1
  %1 = icmp eq i64 %0, 1
  br i1 %1, label %while.body.i.epil.preheader, label %while.body.i.preheader.new

while.body.i.preheader.new:                       ; preds = %while.body.i.preheader
  %unroll_iter = and i64 %0, -2
  br label %while.body.i

while.body.i:                                     ; preds = %while.body.i, %while.body.i.preheader.new
  %b.010.i = phi i32 [ 0, %while.body.i.preheader.new ], [ %rem2.i.1, %while.body.i ]
  %a.09.i = phi i32 [ 1, %while.body.i.preheader.new ], [ %rem.i.1, %while.body.i ]
  %p.addr.07.i = phi ptr [ %window, %while.body.i.preheader.new ], [ %incdec.ptr.i.1, %while.body.i ]
  %niter = phi i64 [ 0, %while.body.i.preheader.new ], [ %niter.next.1, %while.body.i ]
  %incdec.ptr.i = getelementptr inbounds nuw i8, ptr %p.addr.07.i, i64 1
  %2 = load i8, ptr %p.addr.07.i, align 1, !tbaa !12
  %conv.i = zext i8 %2 to i32
  %add.i = add nuw nsw i32 %a.09.i, %conv.i
  %rem.i = urem i32 %add.i, 65521
  %add1.i = add nuw nsw i32 %rem.i, %b.010.i
  %rem2.i = urem i32 %add1.i, 65521
  %incdec.ptr.i.1 = getelementptr inbounds nuw i8, ptr %p.addr.07.i, i64 2
  %3 = load i8, ptr %incdec.ptr.i, align 1, !tbaa !12
  %conv.i.1 = zext i8 %3 to i32
  %add.i.1 = add nuw nsw i32 %rem.i, %conv.i.1
  %rem.i.1 = urem i32 %add.i.1, 65521
  %add1.i.1 = add nuw nsw i32 %rem.i.1, %rem2.i
  %rem2.i.1 = urem i32 %add1.i.1, 65521
  %niter.next.1 = add i64 %niter, 2
  %niter.ncmp.1 = icmp eq i64 %niter.next.1, %unroll_iter
  br i1 %niter.ncmp.1, label %while.end.loopexit.i.unr-lcssa, label %while.body.i, !llvm.loop !26

while.end.loopexit.i.unr-lcssa:                   ; preds = %while.body.i
  %lcmp.mod.not = icmp eq i64 %xtraiter, 0
  br i1 %lcmp.mod.not, label %while.end.loopexit.i, label %while.body.i.epil.preheader

while.body.i.epil.preheader:                      ; preds = %while.end.loopexit.i.unr-lcssa, %while.body.i.preheader
  %b.010.i.epil.init = phi i32 [ 0, %while.body.i.preheader ], [ %rem2.i.1, %while.end.loopexit.i.unr-lcssa ]
  %a.09.i.epil.init = phi i32 [ 1, %while.body.i.preheader ], [ %rem.i.1, %while.end.loopexit.i.unr-lcssa ]
  %p.addr.07.i.epil.init = phi ptr [ %window, %while.body.i.preheader ], [ %incdec.ptr.i.1, %while.end.loopexit.i.unr-lcssa ]
  %lcmp.mod30 = trunc i64 %0 to i1
  tail call void @llvm.assume(i1 %lcmp.mod30)
  %4 = load i8, ptr %p.addr.07.i.epil.init, align 1, !tbaa !12
  %conv.i.epil = zext i8 %4 to i32
  %add.i.epil = add nuw nsw i32 %a.09.i.epil.init, %conv.i.epil
  %rem.i.epil = urem i32 %add.i.epil, 65521
  %add1.i.epil = add nuw nsw i32 %rem.i.epil, %b.010.i.epil.init
  %rem2.i.epil = urem i32 %add1.i.epil, 65521
  br label %while.end.loopexit.i

while.end.loopexit.i:                             ; preds = %while.end.loopexit.i.unr-lcssa, %while.body.i.epil.preheader
  %rem.i.lcssa = phi i32 [ %rem.i.1, %while.end.loopexit.i.unr-lcssa ], [ %rem.i.epil, %while.body.i.epil.preheader ]
  %rem2.i.lcssa = phi i32 [ %rem2.i.1, %while.end.loopexit.i.unr-lcssa ], [ %rem2.i.epil, %while.body.i.epil.preheader ]
  %5 = shl nuw i32 %rem2.i.lcssa, 16
  %6 = or disjoint i32 %5, %rem.i.lcssa
  br label %for.body.preheader

for.body.preheader:                               ; preds = %entry, %while.end.loopexit.i
  %c.024.ph = phi i32 [ %6, %while.end.loopexit.i ], [ 1, %entry ]
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.inc
  %generation = getelementptr inbounds nuw i8, ptr %st, i64 77832
  %7 = load i32, ptr %generation, align 8, !tbaa !9
  %xor9 = xor i32 %7, %c.1
  ret i32 %xor9

for.body:                                         ; preds = %for.body.preheader, %for.inc
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.inc ], [ 0, %for.body.preheader ]
  %c.024 = phi i32 [ %c.1, %for.inc ], [ %c.024.ph, %for.body.preheader ]
  %arrayidx = getelementptr inbounds nuw [48 x i8], ptr %st, i64 %indvars.iv
  %used = getelementptr inbounds nuw i8, ptr %arrayidx, i64 40
  %8 = load i32, ptr %used, align 8, !tbaa !16
  %tobool.not = icmp eq i32 %8, 0
  br i1 %tobool.not, label %for.inc, label %if.then

if.then:                                          ; preds = %for.body
  %9 = load i8, ptr %arrayidx, align 8, !tbaa !12
  %tobool.not4.i = icmp eq i8 %9, 0
  br i1 %tobool.not4.i, label %fnv1a.exit, label %while.body.i20

while.body.i20:                                   ; preds = %if.then, %while.body.i20
  %10 = phi i8 [ %11, %while.body.i20 ], [ %9, %if.then ]
  %h.06.i = phi i32 [ %mul.i, %while.body.i20 ], [ -2128831035, %if.then ]
  %s.addr.05.i = phi ptr [ %incdec.ptr.i21, %while.body.i20 ], [ %arrayidx, %if.then ]
  %incdec.ptr.i21 = getelementptr inbounds nuw i8, ptr %s.addr.05.i, i64 1
  %conv.i22 = zext i8 %10 to i32
  %xor.i = xor i32 %h.06.i, %conv.i22
  %mul.i = mul i32 %xor.i, 16777619
  %11 = load i8, ptr %incdec.ptr.i21, align 1, !tbaa !12
  %tobool.not.i23 = icmp eq i8 %11, 0
  br i1 %tobool.not.i23, label %fnv1a.exit, label %while.body.i20, !llvm.loop !13

fnv1a.exit:                                       ; preds = %while.body.i20, %if.then
  %h.0.lcssa.i = phi i32 [ -2128831035, %if.then ], [ %mul.i, %while.body.i20 ]
  %value = getelementptr inbounds nuw i8, ptr %arrayidx, i64 32
  %12 = load i64, ptr %value, align 8, !tbaa !18
  %conv = trunc i64 %12 to i32
  %add = add i32 %h.0.lcssa.i, %conv
  %xor = xor i32 %add, %c.024
  br label %for.inc

for.inc:                                          ; preds = %for.body, %fnv1a.exit
  %c.1 = phi i32 [ %xor, %fnv1a.exit ], [ %c.024, %for.body ]
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 256
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !27
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local i64 @escape_key(ptr nofree noundef readonly captures(none) %key, ptr nofree noundef writeonly captures(none) %out, i64 noundef %cap) local_unnamed_addr #2 {
entry:
  %0 = load i8, ptr %key, align 1, !tbaa !12
  %.fr46 = freeze i8 %0
  %tobool47 = icmp ne i8 %.fr46, 0
  %cmp48 = icmp ugt i64 %cap, 4
  %1 = and i1 %tobool47, %cmp48
  br i1 %1, label %for.body, label %for.end

for.body:                                         ; preds = %entry, %if.end
  %add52 = phi i64 [ %add, %if.end ], [ 4, %entry ]
  %.fr51 = phi i8 [ %.fr, %if.end ], [ %.fr46, %entry ]
  %key.addr.050 = phi ptr [ %incdec.ptr, %if.end ], [ %key, %entry ]
  %o.049 = phi i64 [ %o.1, %if.end ], [ 0, %entry ]
  %cmp3 = icmp ult i8 %.fr51, 32
  br i1 %cmp3, label %if.then, label %switch.early.test

switch.early.test:                                ; preds = %for.body
  switch i8 %.fr51, label %if.else [
    i8 92, label %if.then
    i8 34, label %if.then
  ]

if.then:                                          ; preds = %switch.early.test, %switch.early.test, %for.body
  %conv2 = zext nneg i8 %.fr51 to i32
  %arrayidx = getelementptr inbounds nuw i8, ptr %out, i64 %o.049
  store i8 92, ptr %arrayidx, align 1, !tbaa !12
  %arrayidx13 = getelementptr i8, ptr %arrayidx, i64 1
  store i8 120, ptr %arrayidx13, align 1, !tbaa !12
  %shr = lshr i32 %conv2, 4
  %idxprom = zext nneg i32 %shr to i64
  %arrayidx15 = getelementptr inbounds nuw i8, ptr @escape_key.hex, i64 %idxprom
  %2 = load i8, ptr %arrayidx15, align 1, !tbaa !12
  %arrayidx17 = getelementptr i8, ptr %arrayidx, i64 2
  store i8 %2, ptr %arrayidx17, align 1, !tbaa !12
  %and = and i32 %conv2, 15
  %idxprom19 = zext nneg i32 %and to i64
  %arrayidx20 = getelementptr inbounds nuw i8, ptr @escape_key.hex, i64 %idxprom19
  %3 = load i8, ptr %arrayidx20, align 1, !tbaa !12
  %arrayidx22 = getelementptr i8, ptr %arrayidx, i64 3
  store i8 %3, ptr %arrayidx22, align 1, !tbaa !12
  br label %if.end

if.else:                                          ; preds = %switch.early.test
  %inc23 = add i64 %o.049, 1
  %arrayidx24 = getelementptr inbounds nuw i8, ptr %out, i64 %o.049
  store i8 %.fr51, ptr %arrayidx24, align 1, !tbaa !12
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  %o.1 = phi i64 [ %add52, %if.then ], [ %inc23, %if.else ]
  %incdec.ptr = getelementptr inbounds nuw i8, ptr %key.addr.050, i64 1
  %4 = load i8, ptr %incdec.ptr, align 1, !tbaa !12
  %.fr = freeze i8 %4
  %tobool = icmp ne i8 %.fr, 0
  %add = add i64 %o.1, 4
  %cmp = icmp ult i64 %add, %cap
  %5 = select i1 %tobool, i1 %cmp, i1 false
  br i1 %5, label %for.body, label %for.end, !llvm.loop !28

for.end:                                          ; preds = %if.end, %entry
  %o.0.lcssa = phi i64 [ 0, %entry ], [ %o.1, %if.end ]
  %arrayidx25 = getelementptr inbounds nuw i8, ptr %out, i64 %o.0.lcssa
  store i8 0, ptr %arrayidx25, align 1, !tbaa !12
  ret i64 %o.0.lcssa
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare i32 @strncmp(ptr noundef captures(none), ptr noundef captures(none), i64 noundef) local_unnamed_addr #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare ptr @strncpy(ptr noalias noundef returned writeonly, ptr noalias noundef readonly captures(none), i64 noundef) local_unnamed_addr #7

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.umin.i64(i64, i64) #8

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.vector.reduce.add.v2i64(<2 x i64>) #8

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #9

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: write) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write) }
attributes #2 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #6 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: read) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #9 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #10 = { nounwind willreturn memory(read) }
attributes #11 = { nounwind }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}
!llvm.errno.tbaa = !{!4}

!0 = !{i32 8, !"PIC Level", i32 2}
!1 = !{i32 7, !"PIE Level", i32 2}
!2 = !{i32 7, !"uwtable", i32 2}
!3 = !{!"Karellen, Inc. (https://karellen.co) v23.1.4.post8 clang version 23.1.4 (https://github.com/llvm/llvm-project 395ba2c4d274e0d81bea69a49aba372e3743d113)"}
!4 = !{!5, !6, i64 0}
!5 = !{!"__libc_errno", !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !6, i64 77832}
!10 = !{!"store", !7, i64 0, !7, i64 12288, !11, i64 77824, !6, i64 77832}
!11 = !{!"long", !7, i64 0}
!12 = !{!7, !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = distinct !{!15, !14}
!16 = !{!17, !6, i64 40}
!17 = !{!"entry", !7, i64 0, !11, i64 32, !6, i64 40}
!18 = !{!17, !11, i64 32}
!19 = !{!11, !11, i64 0}
!20 = distinct !{!20, !14, !21, !22}
!21 = !{!"llvm.loop.isvectorized", i32 1}
!22 = !{!"llvm.loop.unroll.runtime.disable"}
!23 = distinct !{!23, !14}
!24 = !{!10, !11, i64 77824}
!25 = distinct !{!25, !14}
!26 = distinct !{!26, !14}
!27 = distinct !{!27, !14}
!28 = distinct !{!28, !14}

define i32 @store_snapshot(ptr %st, ptr %backup) {
entry:
  %count = call i64 @store_count(ptr %st)
  %sum = call i64 @store_sum(ptr %st)
  %window = getelementptr inbounds i8, ptr %st, i64 12288
  %saved = getelementptr inbounds i8, ptr %backup, i64 16
  %w = load [65536 x i8], ptr %window, align 1
  store [65536 x i8] %w, ptr %saved, align 1
  store i64 %count, ptr %backup, align 8
  %sum.ptr = getelementptr inbounds i8, ptr %backup, i64 8
  store i64 %sum, ptr %sum.ptr, align 8
  %check = call i32 @store_checksum(ptr %st)
  ret i32 %check
}
